from stores import Database


class Service:
    repo: Database

    def __init__(self, repo: Database):
        self.repo = repo

    def add(self, row):
        return self.repo.save(row)
