class Repo:
    def save(self, item):
        return item


class Cache:
    def save(self, item):
        return None
