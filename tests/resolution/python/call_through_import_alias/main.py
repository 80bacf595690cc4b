from fmt_a import render as show


def main():
    return show(1)
