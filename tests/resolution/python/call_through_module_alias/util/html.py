def clean(s):
    return s.replace("<", "")
