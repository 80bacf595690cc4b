def fmt(x):
    return x
