from env import Environment


class Builder:
    def __init__(self, env: Environment):
        self.env = env

    def read(self):
        if self.env.ready:
            self.env.status = 3
        return self.env.cache

    def write(self, other):
        other.status = 4
        local = self.env
        return local.doctreedir


def report(env: Environment):
    return env.doctreedir.upper()
