"""Inventory model: items, stock levels and reorder rules."""
from __future__ import annotations

import logging
import os.path
import collections.abc as cabc
from dataclasses import dataclass, field as dc_field
from enum import Enum, auto
from typing import Generic, Optional, Protocol, TypeVar

from .storage import Backend
from ..core.events import emit as publish, Event

MAX_ITEMS = 500
DEFAULT_LOCATION: str = "main"
_registry: dict[str, "Item"] = {}
counter = 0
T = TypeVar("T")

log = logging.getLogger(__name__)


class Unit(Enum):
    """Units an item is counted in."""

    PIECE = auto()
    KILOGRAM = auto()

    def label(self) -> str:
        return self.name.lower()


class Priced(Protocol):
    def price(self) -> float: ...


@dataclass(frozen=True)
class Item:
    """A stock-keeping unit."""

    sku: str
    name: str
    unit: Unit = Unit.PIECE
    tags: list[str] = dc_field(default_factory=list)

    def price(self) -> float:
        return 0.0


# Stock held at one location.
class Stock(Generic[T], cabc.Sized):
    reorder_level = 10

    def __init__(self, backend: Backend, location: Optional[str] = None):
        """Open the stock of one location."""
        self.backend = backend
        self._location = location or DEFAULT_LOCATION
        self._levels: dict[str, int] = {}
        super().__init__()

    def __len__(self) -> int:
        return len(self._levels)

    @property
    def location(self) -> str:
        return self._location

    @location.setter
    def location(self, value: str) -> None:
        if not value:
            raise ValueError("empty location")
        self._location = value

    @staticmethod
    def _key(item: Item) -> str:
        return item.sku.upper()

    def add(self, item: Item, quantity: int = 1) -> int:
        global counter
        if quantity <= 0 or quantity > MAX_ITEMS:
            raise ValueError(quantity)
        key = self._key(item)
        self._levels[key] = self._levels.get(key, 0) + quantity
        counter += 1
        _registry[key] = item
        publish(Event("added", key))
        return self._levels[key]

    def needs_reorder(self) -> list[str]:
        return [k for k, v in self._levels.items() if v < self.reorder_level]

    def restock(self, amounts: dict[str, int]) -> None:
        for key, amount in amounts.items():
            try:
                self.backend.write(key, amount)
            except (IOError, KeyError) as exc:
                log.warning("restock failed: %s", exc)
            except Backend.Error:
                continue
            else:
                self._levels[key] = amount


def classify(level: int, unit: Unit) -> str:
    def bucket(n: int) -> str:
        return "low" if n < 10 else "high"

    match unit:
        case Unit.PIECE if level > 100:
            return "bulk"
        case Unit.KILOGRAM:
            return bucket(level // 1000)
        case _:
            return bucket(level)


async def sync_all(stocks: list[Stock[Item]], path: str = os.path.join("var", "sync")) -> int:
    total = 0
    while stocks and total < MAX_ITEMS:
        stock = stocks.pop()
        total += len(stock)
    return total
