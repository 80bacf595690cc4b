from models import User


def register(name):
    User.validate(name)
    return User.create(name)
