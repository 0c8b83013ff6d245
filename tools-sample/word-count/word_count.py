#!/usr/bin/env python3
"""Word count: a sample Vitruvian tool in Python 3, standard library only.

It counts the words on the clipboard, keeps a running total, and pastes today's date. The app starts
it on demand: the first time one of its commands is run.
"""
import datetime
import json
import os
import sys

# A count takes the form its language wants: each counted phrase is (singular, plural), and SINGULAR
# says which a count takes. English: 1 word, 0 words. French: 0 mot, 1 mot, 2 mots.
SINGULAR = {
    "en": lambda n: n == 1,
    "fr": lambda n: n < 2,
}

PHRASES = {
    "en": {
        "words": ("{n} word", "{n} words"),
        "lines": ("{n} line", "{n} lines"),
        "total": ("{n} word counted so far", "{n} words counted so far"),
        "months": ["January", "February", "March", "April", "May", "June", "July",
                   "August", "September", "October", "November", "December"],
        "long_date": "{month} {day}, {year}",
    },
    "fr": {
        "words": ("{n} mot", "{n} mots"),
        "lines": ("{n} ligne", "{n} lignes"),
        "total": ("{n} mot compté jusqu'ici", "{n} mots comptés jusqu'ici"),
        "months": ["janvier", "février", "mars", "avril", "mai", "juin", "juillet",
                   "août", "septembre", "octobre", "novembre", "décembre"],
        "long_date": "{day} {month} {year}",
    },
}


class Refusal(Exception):
    """A failure to answer with, or one the app answered us with."""

    def __init__(self, code, message, data=None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.data = data


class Link:
    """The tool's end of the link: JSON-RPC 2.0, one message a line, over stdin and stdout.

    Single-threaded on purpose. While the tool waits for the app's answer to one of its requests,
    notices are handled at once and the app's requests wait in a backlog until the current one is done.
    """

    def __init__(self, requests, notices):
        self.requests = requests
        self.notices = notices
        self.next_id = 1
        self.backlog = []
        self.ready = None  # called once initialize has been answered

    def send(self, message):
        line = json.dumps({"jsonrpc": "2.0", **message}, ensure_ascii=False, separators=(",", ":"))
        try:
            sys.stdout.buffer.write(line.encode("utf-8") + b"\n")
            sys.stdout.buffer.flush()
        except BrokenPipeError:
            os._exit(0)  # the app went away: nobody is left to talk to

    def notify(self, method, params=None):
        self.send({"method": method} if params is None else {"method": method, "params": params})

    def log(self, message, level="info"):
        self.notify("log", {"message": message, "level": level})

    def request(self, method, params=None):
        """Sends a request and returns its result; raises Refusal when the app refuses it."""
        request_id = self.next_id
        self.next_id += 1
        message = {"id": request_id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        while True:
            incoming = self.read()
            if "method" in incoming:
                if "id" in incoming:
                    self.backlog.append(incoming)
                else:
                    self.handle(incoming)
            elif incoming.get("id") == request_id:
                if "error" in incoming:
                    error = incoming["error"]
                    raise Refusal(error.get("code"), error.get("message", ""), error.get("data"))
                return incoming.get("result", {})
            else:
                print(f"an answer to no request of ours, dropped: {incoming}", file=sys.stderr)

    def read(self):
        """The next message from the app; leaves when the app closes our input."""
        while True:
            raw = sys.stdin.buffer.readline()
            if not raw.endswith(b"\n"):
                sys.exit(0)  # end of input; a last line without its \n does not count
            line = raw[:-1].decode("utf-8", errors="replace")
            if not line.strip():
                continue
            try:
                message = json.loads(line)
            except ValueError:
                print(f"not JSON, ignored: {line[:200]}", file=sys.stderr)
                continue
            if isinstance(message, dict):
                return message

    def handle(self, message):
        method = message["method"]
        params = message.get("params")
        params = params if isinstance(params, dict) else {}
        if "id" not in message:
            try:
                if method in self.notices:  # a notice we do not know is ignored
                    self.notices[method](params)
            except Exception as failure:  # a notice is never answered: just say so on stderr
                print(f"{method} failed: {failure!r}", file=sys.stderr)
            return
        try:
            handler = self.requests.get(method)
            if handler is None:
                raise Refusal(-32601, f"unknown method {method}")
            self.send({"id": message["id"], "result": handler(params)})
            if method == "initialize" and self.ready:
                self.ready()
        except Refusal as refusal:
            error = {"code": refusal.code, "message": refusal.message}
            if refusal.data is not None:
                error["data"] = refusal.data
            self.send({"id": message["id"], "error": error})
        except Exception as failure:  # a bug in the tool: say so in a few words, details to stderr
            print(f"{method} failed: {failure!r}", file=sys.stderr)
            self.send({"id": message["id"], "error": {"code": -32603, "message": "the tool failed"}})

    def serve(self):
        while True:
            message = self.backlog.pop(0) if self.backlog else self.read()
            if "method" in message:
                self.handle(message)


language = "en"


def known_language():
    base = language.split("-")[0]
    return base if base in PHRASES else "en"


def phrase(key):
    return PHRASES[known_language()][key]


def counted(key, n):
    """A phrase with a count in it, in the form the count takes: counted("words", 1) is "1 word"."""
    one, other = phrase(key)
    return (one if SINGULAR[known_language()](n) else other).format(n=n)


def count_clipboard():
    text = link.request("clipboard/readText")["text"]
    if not text:
        raise Refusal(-32010, "the clipboard has no text")
    words = len(text.split())
    message = counted("words", words)
    if link.request("storage/get", {"id": "countLines"})["value"]:
        message += ", " + counted("lines", len(text.splitlines()))
    total = (link.request("storage/get", {"id": "total"})["value"] or 0) + words
    link.request("storage/set", {"id": "total", "value": total})
    link.request("notify/hud", {"text": message, "symbol": "textformat.123"})


def show_total():
    total = link.request("storage/get", {"id": "total"})["value"] or 0
    link.request("notify/hud", {"text": counted("total", total), "symbol": "sum"})


def reset_total():
    link.request("storage/set", {"id": "total", "value": 0})
    link.request("notify/beep")


def paste_date():
    today = datetime.date.today()
    if link.request("storage/get", {"id": "dateStyle"})["value"] == "long":
        month = phrase("months")[today.month - 1]
        text = phrase("long_date").format(day=today.day, month=month, year=today.year)
    else:
        text = today.isoformat()
    link.request("keystrokes/paste", {"text": text})


COMMANDS = {
    "countClipboard": count_clipboard,
    "showTotal": show_total,
    "resetTotal": reset_total,
    "pasteDate": paste_date,
}


def initialize(params):
    global language
    protocols = params.get("protocols")
    if not isinstance(protocols, list) or 1 not in protocols:
        raise Refusal(-32602, "this tool speaks protocol 1 only")
    language = params.get("language") if isinstance(params.get("language"), str) else "en"
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "vitruvian-tool.json"), encoding="utf-8") as f:
        version = json.load(f)["version"]
    return {"protocol": 1, "version": version}


def run_command(params):
    command = params.get("command")
    if not isinstance(command, str) or command not in COMMANDS:
        raise Refusal(-32010, f"no command {command!r}")
    try:
        COMMANDS[command]()
    except Refusal as refusal:
        link.log(f"{command} did not run: {refusal.message} ({refusal.code})", "warn")
        raise Refusal(-32010, refusal.message)
    link.log(f"{command} ran")
    return {}


def preferences_changed(params):
    preferences = params.get("preferences")
    for preference in preferences if isinstance(preferences, list) else []:
        if not isinstance(preference, dict):
            continue
        link.log(f"preference {preference.get('id')} changed to {json.dumps(preference.get('value'), ensure_ascii=False)}")


def language_changed(params):
    global language
    if isinstance(params.get("language"), str):
        language = params["language"]
    link.log(f"language changed to {language}")


def shutdown(_params):
    sys.exit(0)


link = Link(
    requests={"initialize": initialize, "command/run": run_command},
    notices={
        "preferences/changed": preferences_changed,
        "language/changed": language_changed,
        "shutdown": shutdown,
    },
)

if __name__ == "__main__":
    try:
        link.serve()
    except KeyboardInterrupt:
        pass
