from helpers import slug


def slug(s):
    return s.upper()


def main(s):
    return slug(s)
