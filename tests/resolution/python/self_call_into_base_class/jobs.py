from base import Loader


class Job(Loader):
    def run(self):
        return self.load("k")
