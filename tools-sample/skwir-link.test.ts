// skwir_link.py, the Python end of the link that the Python samples and the template copy as it is,
// takes a read answer's base64 from its line as it is when the line is written as the host writes
// it, and parses only the rest. Whatever the line, the message must be the one json.loads gives.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const link = fileURLToPath(new URL('./skwir-word-count/', import.meta.url));

/** Each line through parsed() and json.loads; the lines where they differ, and how many took the short way. */
const script = `
import json, random, sys
sys.path.insert(0, sys.argv[1])
from skwir_link import parsed

def plain(value):
    if isinstance(value, memoryview):
        return bytes(value).decode()
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    return value

def outcome(read, line):
    try:
        return plain(read(line))
    except ValueError:
        return "not JSON"

lines = [line.encode() for line in json.load(sys.stdin)]
random.seed(26)
pieces = [b"", b'{"id":1,', b"{"], [b"", b'"result":{"data":"'], [b"", b'"}}', b"}}"]
for _ in range(50_000):
    middle = bytes(random.choice(b'{}[]":,\\\\adtu0A ') for _ in range(random.randint(0, 24)))
    lines.append(random.choice(pieces[0]) + random.choice(pieces[1]) + middle + random.choice(pieces[2]) + b"\\n")
def taken_as_is(line):
    message = parsed(line) if outcome(parsed, line) != "not JSON" else None
    return isinstance(message, dict) and isinstance(message.get("result"), dict) and isinstance(message["result"].get("data"), memoryview)

short = sum(1 for line in lines if taken_as_is(line))
differ = [line.decode() for line in lines if outcome(parsed, line) != outcome(json.loads, line)]
print(json.dumps({"differ": differ, "short": short}))
`;

describe('skwir_link.py', () => {
  it('reads every line as json.loads does, a read answer as the host writes it without parsing its data', () => {
    const lines = [
      '{"jsonrpc":"2.0","id":7,"result":{"data":"QUJD"}}\n', // as the host writes a read's answer
      '{"jsonrpc":"2.0","id":8,"result":{"data":""}}\n',
      '{"jsonrpc":"2.0","id":"x","result":{"data":"QQ=="}}\n',
      '{"jsonrpc":"2.0","id":9,"result":{"data":"a\\u0041"}}\n', // an escape: JSON must read it
      '{"result":{"data":"x"},"z":{"a":"b"}}\n', // the data ends before the line's end
      '{"a":{"result":{"data":"x"}}}\n', // result not the message's own
      '{"x":"\\"result\\":{\\"data\\":\\"","result":{"data":"QQ=="}}\n',
      '{"result":{"data":"}}\n', // cut short
      '{"result":{"data":"x"}}}\n',
      '{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"read refused"}}\n',
      '{"jsonrpc":"2.0","method":"$/cancel","params":{"id":3}}\n',
    ];
    const out = execFileSync('python3', ['-c', script, link], { input: JSON.stringify(lines), encoding: 'utf8' });
    const { differ, short } = JSON.parse(out) as { differ: string[]; short: number };
    expect(differ).toEqual([]);
    expect(short).toBeGreaterThanOrEqual(3);
  });
});
