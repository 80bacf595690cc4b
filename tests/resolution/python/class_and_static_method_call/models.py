class User:
    @classmethod
    def create(cls, name):
        return cls()

    @staticmethod
    def validate(name):
        return bool(name)


class Group:
    @classmethod
    def create(cls, name):
        return cls()

    @staticmethod
    def validate(name):
        return False
