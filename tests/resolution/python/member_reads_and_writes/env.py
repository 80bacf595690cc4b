class Environment:
    def __init__(self, root: str):
        self.doctreedir: str = root
        self.status = 0
        self.cache = {}

    def path(self, name):
        return self.doctreedir + "/" + name

    def update(self):
        self.status = 1

    @property
    def ready(self):
        return self.status == 1


class Other:
    def __init__(self):
        self.doctreedir = "elsewhere"
        self.status = 2


class Registry:
    LIMIT = 10

    def __init__(self):
        self.callback = self.refresh

    def refresh(self):
        return Registry.LIMIT
