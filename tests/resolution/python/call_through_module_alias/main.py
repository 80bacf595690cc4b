import util.text as t


def main(s):
    return t.clean(s)
