#!/usr/bin/env python3
"""Word count: a sample Skwir plugin in Python 3, standard library only.

It gives text files a column (`word-count.words`) and two commands over the files chosen: one answers
the counts as a value, the other as a summary to put on the clipboard. Every byte comes from the
host through `read`, however large the file: nothing is opened by path.
"""
import re
import sys

sys.dont_write_bytecode = True  # keep the plugin's folder as it was installed: no __pycache__
from skwir_link import Failure, Link, file_param  # noqa: E402  (skwir_link.py sits next to this file)

FIELD = "word-count.words"

# A word is what `wc -w` counts in a UTF-8 locale (GNU coreutils 9): a run of bytes between spaces.
# The spaces are the six of ASCII and these, each put as one ASCII space before counting. Each is
# looked for only in text that holds its first byte (found at memchr's speed), one first byte at a
# time: a pattern that starts with a fixed byte is searched for quickly, one that starts with any of
# four bytes scans 15 times slower.
OTHER_SPACES = [
    (b"\xc2", re.compile(b"\xc2\xa0")),  # U+00A0 no-break space
    (b"\xe1", re.compile(b"\xe1\x9a\x80")),  # U+1680 Ogham space mark
    (b"\xe2", re.compile(b"\xe2(?:\x80[\x80-\x8a\xaf]|\x81[\x9f\xa0])")),  # U+2000-200A, U+202F, U+205F, U+2060 word joiner
    (b"\xe3", re.compile(b"\xe3\x80\x80")),  # U+3000 ideographic space
]
# Every byte as " " (a space) or "w" (part of a word): a word starts at each " w".
SPACE_OR_WORD = bytes(ord(" ") if byte in b" \t\n\v\f\r" else ord("w") for byte in range(256))


def words_in(data, in_word):
    """The words that start in `data`, and whether it ends inside one; `in_word`: whether the text
    before it ended inside one. The work is done by bytes' methods, in C: no loop over characters."""
    if not data.isascii():
        for first, spaces in OTHER_SPACES:
            if first in data:
                data = spaces.sub(b" ", data)
    classes = data.translate(SPACE_OR_WORD)
    starts = classes.count(b" w") + (classes[:1] == b"w" and not in_word)
    return starts, classes[-1:] == b"w" if classes else in_word


def whole_characters(data):
    """How many bytes of `data` to count now: all but its last one or two bytes when they may start
    a space of two or three bytes cut by the read's end (a byte from 0xC0 starts a character of
    several). Those are counted with the next read, so a space cut in two still parts two words."""
    for back in (2, 1):
        if len(data) >= back and data[-back] >= 0xC0:
            return len(data) - back
    return len(data)


def count(file, lines=False):
    """The words (and lines) of a file, read a chunk at a time. Bytes that are not UTF-8 count as
    part of a word, as any byte that is not a space does."""
    words = newlines = 0
    in_word = False  # did the text so far end inside a word?
    held = b""  # the last read's end, counted with the next one
    last = b""
    for chunk in link.chunks(file):
        data = held + chunk
        cut = whole_characters(data)
        held = data[cut:]
        found, in_word = words_in(data[:cut] if held else data, in_word)
        words += found
        if lines:
            newlines += chunk.count(b"\n")
        last = chunk[-1:]
    words += words_in(held, in_word)[0]  # bytes left at the file's end: a character cut short
    # A last line without its line break is a line too.
    return (words, newlines + (1 if last and last != b"\n" else 0)) if lines else (words, None)


def field(params):
    if params.get("key") != FIELD:
        raise Failure(f"no field {params.get('key')!r}: this plugin has {FIELD!r}", -32602)
    return {"value": count(file_param(params.get("file")))[0]}


def counted(params):
    """Each entry's name and counts, in the order given, for both commands."""
    entries = params.get("entries") or []
    if not isinstance(entries, list):
        raise Failure(f"params.entries must be a list of files, not {entries!r}", -32602)
    args = params.get("args") or {}
    lines = isinstance(args, dict) and args.get("lines") is True
    files = []
    for index in range(len(entries)):
        file = file_param(entries[index], f"params.entries[{index}]")
        words, line_count = count(file, lines)
        files.append({"name": file.get("name", f"file {index + 1}"), "words": words, **({"lines": line_count} if lines else {})})
        link.log(f"{files[-1]['name']}: {words} words", "debug")
    return files


def count_command(params):
    files = counted(params)
    value = {"total": sum(f["words"] for f in files), "files": files}
    if any("lines" in f for f in files):
        value["lines"] = sum(f["lines"] for f in files)
    return {"answer": "value", "value": value}


def plural(n, word):
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def copy_summary(params):
    files = counted(params)
    if not files:
        raise Failure("word-count.copy-summary needs at least one file: choose the files to count")
    summary = "".join(
        f"{f['name']}: {plural(f['words'], 'word')}" + (f", {plural(f['lines'], 'line')}" if "lines" in f else "") + "\n"
        for f in files
    )
    said = "Copied the count of 1 file" if len(files) == 1 else f"Copied the counts of {len(files)} files"
    return {"answer": "text", "text": summary, "said": said}


COMMANDS = {"word-count.count": count_command, "word-count.copy-summary": copy_summary}


def command(params):
    name = params.get("command")
    if name not in COMMANDS:
        raise Failure(f"no command {name!r}: this plugin has {', '.join(COMMANDS)}", -32602)
    return COMMANDS[name](params)


link = Link({"field": field, "command": command})

if __name__ == "__main__":
    try:
        link.serve()
    except KeyboardInterrupt:
        pass
