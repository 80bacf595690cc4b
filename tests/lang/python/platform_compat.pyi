"""Platform shims: conditional definitions and protocol types."""
import enum
import typing

__all__ = ["Permission", "Reader", "open_stream"]

if typing.TYPE_CHECKING:
    from io import BufferedReader
else:
    BufferedReader = object

try:
    import fcntl
except ImportError:
    if __debug__:
        LOCKING = False
        lock_file = lambda fd: None
else:
    LOCKING = True


class Permission(enum.IntFlag):
    READ = 4
    WRITE = 2
    ALL = RW = 6


T_co = typing.TypeVar("T_co", covariant=True)


class Reader(typing.Protocol[T_co]):
    """Anything with a read() method."""

    def read(self, size: int = -1) -> T_co: ...


class Stream:
    encoding = "utf-8"
    if LOCKING:
        lock_timeout = 5.0
    else:
        lock_timeout = None
    mode, buffering = "rb", 0

    @typing.overload
    def __init__(self, raw: BufferedReader) -> None: ...

    def close(self) -> None:
        self.raw: BufferedReader | None = None
        del self.raw

    async def read_all(self, chunk: int) -> typing.AsyncIterator[bytes]:
        async with self._lock:
            while (data := await self._read(chunk)):
                assert isinstance(data, bytes), f"bad chunk {type(data)!r}"
                yield data


def open_stream(path: str, *, mode: str = Stream.mode) -> Stream:
    try:
        fd = _os_open(path, mode)
    except OSError as err:
        raise RuntimeError(path) from err
    return Stream(BufferedReader(fd))
