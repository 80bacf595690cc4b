#!/usr/bin/env python3
# Command-line helpers: argument parsing, config loading, plugin registry.
import sys
from collections import namedtuple
from typing import Callable, NewType, TypeAlias
from . import plugins
from .compat import *

try:
    import tomllib as toml_parser
    HAS_TOML = True
except ImportError:
    toml_parser = None
    HAS_TOML = False

if sys.platform == "win32":
    CONFIG_DIR = "%APPDATA%"
else:
    CONFIG_DIR = "~/.config"

UserId = NewType("UserId", int)
Handler: TypeAlias = Callable[[list[str]], int]
type Pair[K] = tuple[K, K]
Option = namedtuple("Option", "name default")

VERBOSE = QUIET = False
first, *rest = sys.argv
_handlers: dict[str, Handler] = {}


def register(name: str) -> Callable[[Handler], Handler]:
    """Decorator: register a command handler under NAME."""

    def wrap(fn: Handler) -> Handler:
        _handlers[name] = fn
        return fn

    return wrap


class Config:
    """Loaded configuration."""

    class Section:
        """One [section] of the file."""

        def __init__(self, title, values=None):
            self.title = title
            self.values = values if values is not None else {}

        def get(self, key, default=None):
            return self.values.get(key, default)

    if HAS_TOML:
        def parse(self, text):
            return toml_parser.loads(text)
    else:
        def parse(self, text):
            raise RuntimeError("no toml support")

    @classmethod
    def load(cls, path: str) -> "Config":
        with open(path, encoding="utf-8") as fh:
            data = cls().parse(fh.read())
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: dict) -> "Config":
        cfg = cls()
        cfg.sections = {k: Config.Section(k, v) for k, v in data.items() if isinstance(v, dict)}
        return cfg


@register("version")
def show_version(args: list[str]) -> int:
    global VERBOSE
    VERBOSE = "-v" in args
    print(plugins.VERSION if VERBOSE else plugins.VERSION.split(".")[0])
    return 0


def main(argv=None) -> int:
    argv = argv if argv is not None else sys.argv[1:]
    if not argv:
        return 2
    command, *params = argv
    while (handler := _handlers.get(command)) is None:
        if "." not in command:
            print(f"unknown command {command}", file=sys.stderr)
            return 1
        command = command.rsplit(".", 1)[0]
    try:
        return handler(params)
    except KeyboardInterrupt:
        return 130
    finally:
        sys.stdout.flush()


if __name__ == "__main__":
    exit_code = main()
    sys.exit(exit_code)
