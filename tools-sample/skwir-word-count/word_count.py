#!/usr/bin/env python3
"""Word count: a sample Skwir plugin in Python 3, standard library only.

It gives text files a column (`word-count.words`) and two commands over the files chosen: one answers
the counts as a value, the other as a summary to put on the clipboard. Every byte comes from the
host through `read`, however large the file: nothing is opened by path.
"""
import codecs
import sys

sys.dont_write_bytecode = True  # keep the plugin's folder as it was installed: no __pycache__
from skwir_link import Failure, Link, file_param  # noqa: E402  (skwir_link.py sits next to this file)

FIELD = "word-count.words"


def count(file, lines=False):
    """The words (and lines) of a file, read a chunk at a time. A word is a run of characters that
    are not whitespace; bytes that are not UTF-8 count as characters, not as spaces."""
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
    words = newlines = 0
    in_word = False  # did the text so far end inside a word?
    last = ""
    for chunk in link.chunks(file):
        text = decoder.decode(chunk)
        if not text:
            continue  # a chunk that ended inside one character: its rest comes next
        words += len(text.split())
        if in_word and not text[0].isspace():
            words -= 1  # the word the last chunk ended in goes on here: it was counted already
        in_word = not text[-1].isspace()
        newlines += text.count("\n")
        last = text[-1]
    tail = decoder.decode(b"", final=True)  # a character cut short at the end of the file
    if tail:
        words += 0 if in_word else 1
        last = tail
    # A last line without its line break is a line too.
    return (words, newlines + (1 if last and last != "\n" else 0)) if lines else (words, None)


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
