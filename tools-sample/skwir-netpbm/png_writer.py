"""Writing PNG pictures with the standard library: zlib for the pixels, struct for the chunks."""
import struct
import zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png(width, height, channels, rows):
    """A PNG of 8-bit gray (channels 1) or red green blue (channels 3) pixels, from `rows`: an
    iterable of `height` byte strings of width × channels bytes each, top to bottom."""
    compressor = zlib.compressobj(6)
    # Each row starts with its filter type; 0 is none, which keeps this short.
    pixels = [compressor.compress(b"\0" + row) for row in rows]
    pixels.append(compressor.flush())
    colour = 0 if channels == 1 else 2
    header = struct.pack(">IIBBBBB", width, height, 8, colour, 0, 0, 0)
    return SIGNATURE + chunk(b"IHDR", header) + chunk(b"IDAT", b"".join(pixels)) + chunk(b"IEND", b"")
