#!/usr/bin/env python3
"""A Skwir plugin in Python 3, standard library only.

Skwir (or Vitruvian) starts this program and talks with it over stdin and stdout, one JSON message
a line; skwir_link.py does that part. Print nothing to stdout yourself: use link.log(...) or stderr.
"""
import sys

sys.dont_write_bytecode = True  # keep the plugin's folder as it was installed: no __pycache__
from skwir_link import Failure, Link, file_param  # noqa: E402  (skwir_link.py sits next to this file)


def size_in_bytes(file):
    """The file's size: from the host when it gives one, else counted by reading the file to its end
    (link.chunks asks the host for its bytes, 4 MiB at a time)."""
    if isinstance(file.get("size"), int):
        return file["size"]
    return sum(len(chunk) for chunk in link.chunks(file))


# One function per field key in skwir-plugin.toml: it gets the file and returns the value (a
# string, a number, a boolean, a list of them, or None when the file says nothing).
FIELDS = {"file-size.bytes": size_in_bytes}


def total_size(args, entries):
    sizes = [size_in_bytes(file) for file in entries]
    link.log(f"{len(entries)} files, {sum(sizes)} bytes", "debug")
    return {"answer": "value", "value": {"files": len(entries), "bytes": sum(sizes)}}


# One function per command name in skwir-plugin.toml: it gets the args and the files chosen, and
# answers done, value, text (for the clipboard) or plan (needs the write capability).
COMMANDS = {"file-size.total": total_size}


def field(params):
    key = params.get("key")
    if key not in FIELDS:
        raise Failure(f"no field {key!r}", -32602)  # Skwir shows a failure's message: say what is wrong
    return {"value": FIELDS[key](file_param(params.get("file")))}


def command(params):
    name, entries = params.get("command"), params.get("entries") or []
    if name not in COMMANDS:
        raise Failure(f"no command {name!r}", -32602)
    if not isinstance(entries, list):
        raise Failure("params.entries must be a list of files", -32602)
    files = [file_param(entry, f"params.entries[{i}]") for i, entry in enumerate(entries)]
    return COMMANDS[name](params.get("args"), files)


# Add a preview by declaring [[previews]] in skwir-plugin.toml and a function for its method here:
# thumbnail, inspect, convert or page.
link = Link({"field": field, "command": command})

if __name__ == "__main__":
    link.serve()
