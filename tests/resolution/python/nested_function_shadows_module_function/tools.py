def fmt(x):
    return str(x)


def report(rows):
    def fmt(x):
        return repr(x)

    return [fmt(r) for r in rows]
