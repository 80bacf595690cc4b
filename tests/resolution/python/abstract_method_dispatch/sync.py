from storage import Storage


def sync(store: Storage, key, value):
    return store.put(key, value)
