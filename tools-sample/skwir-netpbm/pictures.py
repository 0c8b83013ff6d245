"""Reading Netpbm pictures (PBM, PGM, PPM, plain P1-P3 and raw P4-P6) from a file read through the
link. A file may hold several pictures one after another; each is indexed by its header, and its
rows are decoded to 8 bits a sample only when drawn, so a thumbnail of a large raw picture reads
only the rows it shows."""
import re
import sys
from array import array
from collections import namedtuple

from skwir_link import READ_LIMIT, Failure

MAX_PIXELS = 100_000_000  # a picture's own size, and any size it is drawn at
MAX_PICTURES = 10_000
BLANK = re.compile(rb"(?:[ \t\n\v\f\r]+|#[^\n\r]*)*")  # whitespace and comments
NUMBER = re.compile(rb"[0-9]+")
FORMATS = {"P1": "PBM", "P2": "PGM", "P3": "PPM", "P4": "PBM", "P5": "PGM", "P6": "PPM"}

Picture = namedtuple("Picture", "number kind width height maxval raster")


def channels(picture):
    return 3 if picture.kind in ("P3", "P6") else 1


def shown(byte):
    if byte is None:
        return "the end of the file"
    return f"'{chr(byte)}'" if 0x21 <= byte < 0x7F else f"0x{byte:02x}"


class Source:
    """The file's bytes, read through the link when needed, and a position in them."""

    def __init__(self, link, file):
        self.link, self.file = link, file
        self.buffer, self.start, self.index = b"", 0, 0  # buffer holds the bytes from start on

    @property
    def offset(self):
        return self.start + self.index

    def seek(self, offset):
        if self.start <= offset <= self.start + len(self.buffer):
            self.index = offset - self.start
        else:
            self.buffer, self.start, self.index = b"", offset, 0

    def more(self, wanted=1, ahead=True):
        """Adds bytes after the buffer's end, keeping those not read yet; False at the file's end.
        Reads 64 KiB at least when `ahead`, so headers and plain text cost few reads."""
        length = min(max(wanted, 65536 if ahead else 0), READ_LIMIT)
        data = self.link.read(self.file, self.start + len(self.buffer), length)
        if not data:
            return False
        self.buffer, self.start, self.index = self.buffer[self.index:] + data, self.offset, 0
        return True

    def peek(self):
        if self.index == len(self.buffer) and not self.more():
            return None
        return self.buffer[self.index]

    def take(self, count, ahead=True):
        """The next `count` bytes, or fewer at the file's end."""
        while len(self.buffer) - self.index < count and self.more(count - (len(self.buffer) - self.index), ahead):
            pass
        data = self.buffer[self.index:self.index + count]
        self.index += len(data)
        return data

    def match(self, pattern):
        """Matches `pattern` at the position and moves past it, reading on while it could grow."""
        while True:
            found = pattern.match(self.buffer, self.index)
            if found.end() < len(self.buffer) or not self.more():
                self.index = found.end()
                return found.group()

    def number(self, what, picture_number, digits=None):
        """A decimal number after whitespace and comments (one digit only for a plain PBM)."""
        self.match(BLANK)
        at, byte = self.offset, self.peek()
        if byte is None or not 0x30 <= byte <= 0x39:
            raise Failure(f"picture {picture_number}: expected the {what}, found {shown(byte)} at byte {at}")
        if digits == 1:
            self.index += 1
            return byte - 0x30
        text = self.match(NUMBER)
        if len(text) > 9:
            raise Failure(f"picture {picture_number}: the {what} {text[:20].decode()} is too large")
        return int(text)


def header(source, number):
    """The header of the picture at the source's position, which is left at its raster."""
    at = source.offset
    magic = source.take(2)
    if len(magic) < 2 or magic[0:1] != b"P" or magic[1:2] not in b"123456":
        first = " ".join(f"0x{b:02x}" for b in magic)
        if number == 1 and not magic:
            raise Failure("not a Netpbm file: the file is empty")
        if number == 1:
            raise Failure(f"not a Netpbm file: starts with {first}")
        raise Failure(f"not a Netpbm picture at byte {at}, after picture {number - 1}: starts with {first}")
    kind = magic.decode()
    width = source.number("width", number)
    height = source.number("height", number)
    maxval = 1 if kind in ("P1", "P4") else source.number("maxval", number)
    for name, value in (("width", width), ("height", height)):
        if value == 0:
            raise Failure(f"picture {number}: the {name} 0 is not a size")
    if not 1 <= maxval <= 65535:
        raise Failure(f"picture {number}: the maxval {maxval} is not between 1 and 65535")
    if width * height > MAX_PIXELS:
        raise Failure(f"picture {number} is {width:,} × {height:,} pixels: more than the {MAX_PIXELS:,} this plugin draws")
    if kind in ("P4", "P5", "P6"):  # one whitespace byte, then the raster's bytes
        byte = source.take(1)
        if byte not in (b" ", b"\t", b"\n", b"\v", b"\f", b"\r"):
            raise Failure(f"picture {number}: expected one whitespace byte before the raster, found {shown(byte[0] if byte else None)}")
    return Picture(number, kind, width, height, maxval, source.offset)


def row_bytes(picture):
    """The bytes of one row of a raw picture."""
    if picture.kind == "P4":
        return (picture.width + 7) // 8
    return picture.width * channels(picture) * (1 if picture.maxval < 256 else 2)


def index(source):
    """Every picture's header, checking each raster is whole; raises Failure naming what is wrong."""
    found = []
    source.seek(0)
    while True:
        if found:
            source.match(BLANK)  # plain pictures may be apart; raw ones follow at once
            if source.peek() is None:
                return found
        if len(found) == MAX_PICTURES:
            raise Failure(f"the file holds more than {MAX_PICTURES:,} pictures")
        picture = header(source, len(found) + 1)
        found.append(picture)
        if picture.kind in ("P4", "P5", "P6"):
            end = picture.raster + row_bytes(picture) * picture.height
            source.seek(end - 1)
            if source.peek() is None:
                raise Failure(f"picture {picture.number} is cut short: the file ends before its {picture.height:,} rows")
            source.seek(end)
        else:
            rows = Rows(source, picture)
            for y in range(picture.height):
                rows.row(y)


def depth(picture):
    """Bits a sample in the PNG: 16 for a picture with more than 8 (its samples kept whole, as
    Netpbm's pnmtopng keeps them), else 8."""
    return 16 if picture.maxval > 255 else 8


class Rows:
    """A picture's rows as a PNG holds them (gray, or red green blue; 8 bits a sample, or 16 with
    the high byte first), asked in order. A raw picture's rows are read and brought to the PNG's
    samples many at a time, with bytes' and arrays' methods (in C), never a sample at a time in
    Python: at 8 and 16 bits (maxval 255 and 65535) they are the PNG's samples as they are."""

    def __init__(self, source, picture, every=True):
        """`every`: all rows will be asked, so reading ahead pays; else only the rows asked are read."""
        self.source, self.picture, self.every = source, picture, every
        self.next, self.last = 0, None  # the next row of a plain raster, and the one read before it
        self.block, self.first, self.count = b"", 0, 0  # `count` rows of a raw raster, from row `first` on
        maxval, top = picture.maxval, (1 << depth(picture)) - 1
        # Each sample from 0 to the maxval, brought to the PNG's 0 to 255 or 65535, rounded.
        self.scale = None if maxval == top else [(v * top + maxval // 2) // maxval for v in range(maxval + 1)]
        if maxval < 255:
            self.table = bytes(self.scale) + bytes(255 - maxval)  # for bytes.translate
            self.allowed = bytes(range(maxval + 1))
        source.seek(picture.raster)

    def row(self, y):
        picture = self.picture
        if picture.kind in ("P4", "P5", "P6"):
            if not self.first <= y < self.first + self.count:
                self.read_block(y)
            size = len(self.block) // self.count
            at = (y - self.first) * size
            return self.block[at : at + size]
        while self.next <= y:
            self.last, self.next = self.plain(self.next), self.next + 1
        return self.last

    def read_block(self, y):
        """Reads the rows from `y` on: as many as one read holds when every row will be asked,
        else row `y` alone."""
        picture, size = self.picture, row_bytes(self.picture)
        count = min(picture.height - y, max(1, READ_LIMIT // size) if self.every else 1)
        self.source.seek(picture.raster + y * size)
        data = self.source.take(size * count, ahead=self.every)
        if len(data) < size * count:
            raise Failure(f"picture {picture.number} is cut short: the file ends in row {y + len(data) // size + 1:,} of {picture.height:,}")
        self.block, self.first, self.count = self.raw(data, y), y, count

    def above(self, value, y):
        return Failure(f"picture {self.picture.number}, row {y + 1}: a sample is {value}, above the maxval {self.picture.maxval}")

    def samples(self, values, y):
        """Samples as numbers (one row of a plain raster, or rows of a raw one from row `y` on) as
        the PNG's bytes."""
        picture = self.picture
        if max(values, default=0) > picture.maxval:
            first = next(i for i, v in enumerate(values) if v > picture.maxval)
            raise self.above(values[first], y + first // (picture.width * channels(picture)))
        scaled = values if self.scale is None else map(self.scale.__getitem__, values)
        if depth(picture) == 8:
            return bytes(scaled)
        wide = array("H", scaled)
        if sys.byteorder == "little":
            wide.byteswap()  # PNG's two-byte samples are big-endian, as Netpbm's are
        return wide.tobytes()

    def raw(self, data, y):
        """Rows of a raw raster from row `y` on, as the PNG's bytes."""
        picture = self.picture
        if picture.kind == "P4":  # 8 pixels a byte, 1 is black, each row padded to whole bytes
            size = row_bytes(picture)
            return b"".join(b"".join(map(BITS.__getitem__, data[at : at + size]))[: picture.width] for at in range(0, len(data), size))
        if self.scale is None:
            return data  # maxval 255 or 65535: the PNG's samples already
        if picture.maxval < 255:
            above = data.translate(None, self.allowed)  # the samples above the maxval: none, usually
            if above:
                wrong = min(data.find(value) for value in set(above))
                raise self.above(data[wrong], y + wrong // row_bytes(picture))
            return data.translate(self.table)
        values = array("H", data)
        if sys.byteorder == "little":
            values.byteswap()  # Netpbm's two-byte samples are big-endian
        return self.samples(values, y)

    def plain(self, y):
        picture, source = self.picture, self.source
        count = picture.width * channels(picture)
        if picture.kind == "P1":  # digits, with or without whitespace between
            return bytes(255 - 255 * source.number("sample", picture.number, digits=1) for _ in range(count))
        values = [source.number(f"sample of row {y + 1}", picture.number) for _ in range(count)]
        return self.samples(values, y)


BITS = [bytes(0 if byte & (0x80 >> i) else 255 for i in range(8)) for byte in range(256)]
