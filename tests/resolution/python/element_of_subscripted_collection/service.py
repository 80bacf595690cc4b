from typing import Tuple

from models import Registry


def run(registry: Registry, kind: str):
    cls = registry.documenters[kind]
    documenter = cls()
    documenter.generate()
    for index in registry.indices:
        index.generate()
    registry.by_name[kind].generate()


def pairs(items: Tuple[str, Registry]):
    items[1].generate()
