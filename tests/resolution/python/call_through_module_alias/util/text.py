def clean(s):
    return s.strip()
