from models import Session


def open_session() -> Session:
    return Session()


def use():
    open_session().close()


def use_local():
    s = open_session()
    s.close()
