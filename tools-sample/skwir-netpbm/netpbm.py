#!/usr/bin/env python3
"""Netpbm: a sample Skwir plugin in Python 3, standard library only.

It previews PBM, PGM and PPM pictures, plain (P1-P3) and raw (P4-P6), up to 16 bits a sample:
a thumbnail, a PNG conversion of a file holding one picture, and a file holding several shown in
pages, one picture a page. PNG is written with zlib and struct (png_writer.py); no image package.
"""
import base64
import json
import os
import sys

sys.dont_write_bytecode = True  # keep the plugin's folder as it was installed: no __pycache__
from pictures import MAX_PIXELS, Rows, Source, channels, depth, header, index  # noqa: E402
from png_writer import png  # noqa: E402
from skwir_link import Failure, Link, file_param  # noqa: E402

# An answer is one line of at most 64 MiB; this leaves room for all but the data.
DATA_LIMIT = 64 * 1024 * 1024 - 4096


def whole(params, name, least):
    value = params.get(name)
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise Failure(f"params.{name} must be a whole number from {least}, not {json.dumps(value)}", -32602)
    return value


def fitted(width, height, side):
    """The size with the longest side `side`, the proportions kept."""
    scale = side / max(width, height)
    return max(1, round(width * scale)), max(1, round(height * scale))


def drawn(source, picture, width, height):
    """The picture as a PNG of width × height, each pixel the nearest of the picture's own."""
    if width * height > MAX_PIXELS:
        raise Failure(f"drawing picture {picture.number} at {width:,} × {height:,} pixels is more than the {MAX_PIXELS:,} this plugin draws")
    xs = [min(picture.width - 1, (2 * x + 1) * picture.width // (2 * width)) for x in range(width)]
    samples, size = channels(picture), depth(picture) // 8  # a pixel's samples, and a sample's bytes
    columns = [(x * samples + c) * size + b for x in xs for c in range(samples) for b in range(size)]
    rows = Rows(source, picture, every=height >= picture.height)

    def row(y):
        line = rows.row(min(picture.height - 1, (2 * y + 1) * picture.height // (2 * height)))
        return line if width == picture.width else bytes(map(line.__getitem__, columns))

    return png(width, height, samples, depth(picture), (row(y) for y in range(height)))


def encoded(data):
    return base64.b64encode(data).decode("ascii")


def thumbnail(params):
    file, size = file_param(params.get("file")), whole(params, "size", 1)
    source = Source(link, file)
    picture = header(source, 1)  # the first picture stands for the file
    width, height = picture.width, picture.height
    if max(width, height) > size:  # fitted into the square, never enlarged
        width, height = fitted(width, height, size)
    return {"png": encoded(drawn(source, picture, width, height))}


def convert(params):
    file = file_param(params.get("file"))
    source = Source(link, file)
    pictures = index(source)
    if len(pictures) > 1:
        link.log(f"{file.get('name')}: {len(pictures)} pictures, shown one a page", "debug")
        return None  # Skwir then asks `page`
    picture = pictures[0]
    data = encoded(drawn(source, picture, picture.width, picture.height))
    if len(data) > DATA_LIMIT:
        link.log(f"{file.get('name')}: its PNG is {len(data):,} bytes in base64, too large for one answer: shown as a page", "warn")
        return None
    stem = os.path.splitext(file.get("name") or "")[0] or "picture"
    return {"name": f"{stem}.png", "data": data}


def page(params):
    file = file_param(params.get("file"))
    number, side = whole(params, "page", 1), whole(params, "side", 0)
    source = Source(link, file)
    pictures = index(source)
    answer = {
        "pages": len(pictures),
        "png": None,
        "outline": [{"title": f"Picture {p.number}", "depth": 0, "page": p.number} for p in pictures],
    }
    if number > len(pictures):
        return answer  # past the last page: no picture
    picture = pictures[number - 1]
    answer.update(width=picture.width, height=picture.height)
    if side > 0:
        answer["png"] = encoded(drawn(source, picture, *fitted(picture.width, picture.height, side)))
    if params.get("text") is True:
        line = f"Picture {number} of {len(pictures)} · {picture.width} × {picture.height} · {picture.kind}"
        answer["text"] = [{"text": line, "x": 0.02, "y": 0.02, "width": 0.96, "height": 0.05}]
    return answer


link = Link({"thumbnail": thumbnail, "convert": convert, "page": page})

if __name__ == "__main__":
    try:
        link.serve()
    except KeyboardInterrupt:
        pass
