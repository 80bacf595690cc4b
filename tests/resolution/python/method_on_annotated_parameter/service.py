from models import Repo


def store(repo: Repo, item):
    return repo.save(item)


def store_unknown(thing, item):
    return thing.save(item)
