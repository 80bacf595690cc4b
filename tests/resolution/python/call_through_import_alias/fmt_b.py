def render(value):
    return repr(value)
