class Loader:
    def load(self, key):
        return key


class Reader:
    def load(self, key):
        return None
