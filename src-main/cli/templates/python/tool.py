#!/usr/bin/env python3
"""A Vitruvian tool in Python 3 (standard library only).

The app starts this program and talks with it over stdin and stdout, one JSON message a line.
Print nothing to stdout yourself: use link.log(...) or write to stderr.
"""
import json
import os
import sys

language = "en"


class Refusal(Exception):
    """A failure to answer with, or one the app answered us with."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message


class Link:
    """JSON-RPC 2.0 over stdin/stdout. While waiting for an answer, notices are handled at once and
    the app's requests wait their turn."""

    def __init__(self, requests, notices):
        self.requests, self.notices = requests, notices
        self.next_id, self.backlog = 1, []

    def send(self, message):
        line = json.dumps({"jsonrpc": "2.0", **message}, ensure_ascii=False, separators=(",", ":"))
        try:
            sys.stdout.buffer.write(line.encode("utf-8") + b"\n")
            sys.stdout.buffer.flush()
        except BrokenPipeError:
            os._exit(0)

    def log(self, message, level="info"):
        self.send({"method": "log", "params": {"message": message, "level": level}})

    def request(self, method, params=None):
        request_id, self.next_id = self.next_id, self.next_id + 1
        self.send({"id": request_id, "method": method, **({} if params is None else {"params": params})})
        while True:
            incoming = self.read()
            if "method" in incoming:
                if "id" in incoming:
                    self.backlog.append(incoming)
                else:
                    self.handle(incoming)
            elif incoming.get("id") == request_id:
                if "error" in incoming:
                    raise Refusal(incoming["error"].get("code"), incoming["error"].get("message", ""))
                return incoming.get("result", {})

    def read(self):
        while True:
            raw = sys.stdin.buffer.readline()
            if not raw.endswith(b"\n"):
                sys.exit(0)  # the app closed our input
            try:
                message = json.loads(raw.decode("utf-8", errors="replace"))
            except ValueError:
                continue  # an empty line, or not JSON
            if isinstance(message, dict):
                return message

    def handle(self, message):
        method, params = message["method"], message.get("params")
        params = params if isinstance(params, dict) else {}
        if "id" not in message:
            try:
                if method in self.notices:  # a notice we do not know is ignored
                    self.notices[method](params)
            except Exception as failure:  # a notice is never answered: just say so on stderr
                print(f"{method} failed: {failure!r}", file=sys.stderr)
            return
        try:
            if method not in self.requests:
                raise Refusal(-32601, f"unknown method {method}")
            self.send({"id": message["id"], "result": self.requests[method](params)})
        except Refusal as refusal:
            self.send({"id": message["id"], "error": {"code": refusal.code, "message": refusal.message}})
        except Exception as failure:
            print(f"{method} failed: {failure!r}", file=sys.stderr)
            self.send({"id": message["id"], "error": {"code": -32603, "message": "the tool failed"}})

    def serve(self):
        while True:
            message = self.backlog.pop(0) if self.backlog else self.read()
            if "method" in message:
                self.handle(message)


# One function per command in vitruvian-tool.json. Each service it calls must be listed in `uses`.
def say_hello():
    greeting = link.request("storage/get", {"id": "greeting"})["value"] or "Hello!"
    times = link.request("storage/get", {"id": "timesGreeted"})["value"] or 0
    link.request("storage/set", {"id": "timesGreeted", "value": times + 1})
    # The default greeting has a French version; one the person typed is shown as written.
    if language.startswith("fr") and greeting == "Hello!":
        greeting = "Bonjour !"
    link.request("notify/hud", {"text": greeting, "symbol": "hand.wave"})


COMMANDS = {"sayHello": say_hello}


def initialize(params):
    global language
    protocols = params.get("protocols")
    if not isinstance(protocols, list) or 1 not in protocols:
        raise Refusal(-32602, "this tool speaks protocol 1 only")
    language = params.get("language") if isinstance(params.get("language"), str) else "en"
    manifest = os.path.join(os.path.dirname(os.path.abspath(__file__)), "vitruvian-tool.json")
    with open(manifest, encoding="utf-8") as f:
        return {"protocol": 1, "version": json.load(f)["version"]}


def run_command(params):
    command = params.get("command")
    if not isinstance(command, str) or command not in COMMANDS:
        raise Refusal(-32010, f"no command {command!r}")
    try:
        COMMANDS[command]()
    except Refusal as refusal:
        link.log(f"{command} did not run: {refusal.message} ({refusal.code})", "warn")
        raise Refusal(-32010, refusal.message)
    return {}


def preferences_changed(params):
    preferences = params.get("preferences")
    for preference in preferences if isinstance(preferences, list) else []:
        if not isinstance(preference, dict):
            continue
        link.log(f"preference {preference.get('id')} changed to {json.dumps(preference.get('value'))}")


def language_changed(params):
    global language
    if isinstance(params.get("language"), str):
        language = params["language"]
    link.log(f"language changed to {language}")


link = Link(
    requests={"initialize": initialize, "command/run": run_command},
    notices={
        "preferences/changed": preferences_changed,
        "language/changed": language_changed,
        "shutdown": lambda _params: sys.exit(0),
    },
)

if __name__ == "__main__":
    link.serve()
