from os import path


def read(name):
    if path.isfile(name):
        return name
