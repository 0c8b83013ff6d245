"""The plugin's end of the link with Skwir (or Vitruvian): JSON-RPC 2.0, one message a line, over
stdin and stdout. Standard library only; copy it next to your plugin as it is.

Single-threaded on purpose. The host sends one call at a time; while the plugin answers it, the
plugin may ask for the bytes of the call's files (`read`) and send `log` notices. Waiting for a read
answer, the link also hears `$/cancel`: the call is then abandoned and never answered.
"""
import binascii
import json
import os
import sys
import traceback

API = 1
READ_LIMIT = 4 * 1024 * 1024  # the most bytes one read answer carries


# How the host writes a read's answer: {"jsonrpc":"2.0","id":7,"result":{"data":"<base64>"}}
READ_ANSWER = (b'"result":{"data":"', b'"}}\n')


def parsed(line):
    """The message a line holds. A read's answer carries up to 5.6 MB of base64: when the line is
    written as the host writes it, that text is taken from the line as it is and only the rest is
    parsed, as JSON would scan and copy it twice for nothing (base64 holds no quote or backslash).
    That is a third of what a read costs the plugin."""
    head, tail = READ_ANSWER
    start, end = line.find(head) + len(head), len(line) - len(tail)
    if len(head) <= start <= end and line.endswith(tail) and line.find(b'"', start, end) < 0 and line.find(b"\\", start, end) < 0:
        message = json.loads(line[:start] + line[end:])  # the same message, its data ""
        message["result"]["data"] = memoryview(line)[start:end]
        return message
    return json.loads(line)


class Failure(Exception):
    """The call's answer is this error. Skwir shows the message to the person, so say what is wrong."""

    def __init__(self, message, code=-32000):
        super().__init__(message)
        self.code = code
        self.message = message


class Cancelled(Exception):
    """The host stopped waiting for the call being answered: unwind and answer nothing."""


def file_param(file, where="params.file"):
    """A File of the call (`{handle, name, path, size?, mime?}`), or a Failure that names where it was."""
    if not isinstance(file, dict) or not isinstance(file.get("handle"), int):
        raise Failure(f"{where} must be a file with a whole-number handle, not {json.dumps(file)[:100]}", -32602)
    return file


class Link:
    def __init__(self, methods):
        """`methods` maps a method (field, thumbnail, inspect, convert, page, command) to a function
        taking the params and returning the result."""
        self.methods = {"initialize": self.initialize, **methods}
        self.capabilities = None
        self.next_id = 1
        self.call = None  # the id of the call being answered
        self.backlog = []  # calls that came while one was being answered
        # A read's answer is a line of up to 5.6 MB: taken from the pipe 64 KiB at a time, where
        # sys.stdin's buffer takes 8 KiB (a quarter of the time readline spends, saved).
        self.input = open(sys.stdin.fileno(), "rb", buffering=65536, closefd=False)

    def initialize(self, params):
        granted = params.get("capabilities")
        self.capabilities = granted if isinstance(granted, list) else None
        return {"api": API}

    def send(self, message):
        line = json.dumps({"jsonrpc": "2.0", **message}, ensure_ascii=False, separators=(",", ":"))
        try:
            sys.stdout.buffer.write(line.encode("utf-8") + b"\n")
            sys.stdout.buffer.flush()
        except BrokenPipeError:
            os._exit(0)  # the host went away: nobody is left to talk to

    def log(self, message, level="info"):
        """A line in the plugin's log: level is error, warn, info or debug."""
        self.send({"method": "log", "params": {"level": level, "message": message}})

    def read(self, file, offset, length):
        """Up to `length` bytes of `file` from `offset`: fewer at the end, b"" past it, at most
        READ_LIMIT. Raises Failure when the host refuses, Cancelled when the call was cancelled."""
        return self.answer_to_read(file, self.ask_read(file, offset, length))

    def ask_read(self, file, offset, length):
        """Sends a read and returns its id without waiting: answer_to_read waits for it."""
        if self.capabilities is not None and "read" not in self.capabilities:
            raise Failure(f"cannot read {file.get('name', 'the file')}: the read capability was not granted")
        request_id, self.next_id = self.next_id, self.next_id + 1
        params = {"file": file["handle"], "offset": offset, "length": min(length, READ_LIMIT)}
        self.send({"id": request_id, "method": "read", "params": params})
        return request_id

    def answer_to_read(self, file, request_id):
        while True:
            message = self.receive()
            if "method" in message:
                self.hear_while_busy(message)
            elif message.get("id") == request_id:
                if "error" in message:
                    error = message["error"] if isinstance(message["error"], dict) else {}
                    raise Failure(f"cannot read {file.get('name', 'the file')}: {error.get('message', 'refused')}")
                data = (message.get("result") or {}).get("data")
                if not isinstance(data, (str, memoryview)):
                    raise Failure(f"the host answered read without data: {json.dumps(message)[:200]}")
                return binascii.a2b_base64(data)  # takes the text as it is; base64.b64decode copies it first
            # else: the answer to a read nobody waits for (of a call given up on, or read ahead
            # by chunks for a loop that stopped early)

    def chunks(self, file, offset=0):
        """The file's bytes from `offset` to its end, a read at a time. Each read is asked before
        the chunk before it is handed on, so the host reads the next while the plugin works."""
        asked = self.ask_read(file, offset, READ_LIMIT)
        while True:
            data = self.answer_to_read(file, asked)
            if not data:
                return
            offset += len(data)
            asked = self.ask_read(file, offset, READ_LIMIT)
            yield data

    def hear_while_busy(self, message):
        method, params = message["method"], message.get("params")
        if method == "$/cancel" and isinstance(params, dict):
            if params.get("id") == self.call:
                raise Cancelled()
            # a call still waiting its turn may be cancelled too
            self.backlog = [m for m in self.backlog if m.get("id") != params.get("id")]
        elif "id" in message:
            self.backlog.append(message)
        # other notices are ignored

    def receive(self):
        """The next message from the host; leaves when the host closes our input."""
        while True:
            raw = self.input.readline()
            if not raw.endswith(b"\n"):
                sys.exit(0)  # end of input; a last line without its \n does not count
            try:
                message = parsed(raw)
            except ValueError:
                if raw.strip():
                    print(f"not JSON, ignored: {raw[:200]!r}", file=sys.stderr)
                continue
            if isinstance(message, dict):
                return message

    def answer(self, message):
        method, params = message["method"], message.get("params")
        params = params if isinstance(params, dict) else {}
        self.call = message["id"]
        try:
            if method not in self.methods:
                raise Failure(f"unknown method {method}", -32601)
            self.send({"id": message["id"], "result": self.methods[method](params)})
        except Cancelled:
            print(f"call {message['id']} ({method}) cancelled: not answered", file=sys.stderr)
        except Failure as failure:
            self.send({"id": message["id"], "error": {"code": failure.code, "message": failure.message}})
        except Exception:  # a bug in the plugin: a few words to the host, the details to stderr
            traceback.print_exc()
            self.send({"id": message["id"], "error": {"code": -32603, "message": f"{method} failed inside the plugin"}})
        finally:
            self.call = None

    def serve(self):
        while True:
            message = self.backlog.pop(0) if self.backlog else self.receive()
            if "method" in message and "id" in message:
                self.answer(message)
            # notices outside a call ($/cancel of a call already answered) and stray answers: ignored
