from models import Repo


def store(item):
    repo = Repo()
    return repo.save(item)
