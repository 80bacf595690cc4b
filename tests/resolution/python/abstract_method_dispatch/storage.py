from abc import ABC, abstractmethod


class Storage(ABC):
    @abstractmethod
    def put(self, key, value):
        ...


class DiskStorage(Storage):
    def put(self, key, value):
        return True
