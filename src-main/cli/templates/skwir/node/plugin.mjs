#!/usr/bin/env node
// A Skwir plugin. Skwir (or Vitruvian) starts this program and talks with it over stdin and stdout,
// one JSON message a line; skwir-link.mjs does that part. Print nothing to stdout yourself: use
// call.log(...) or stderr.
import { Failure, fileParam, serve } from './skwir-link.mjs';

/** The file's size: from the host when it gives one, else counted by reading the file to its end
 * (call.chunks asks the host for its bytes, 4 MiB at a time). */
async function sizeInBytes(file, call) {
  if (Number.isSafeInteger(file.size)) return file.size;
  let size = 0;
  for await (const chunk of call.chunks(file)) size += chunk.length;
  return size;
}

// One function per field key in skwir-plugin.toml: it gets the file and returns the value (a string,
// a number, a boolean, a list of them, or null when the file says nothing).
const fields = { 'file-size.bytes': sizeInBytes };

// One function per command name in skwir-plugin.toml: it gets the args and the files chosen, and
// answers done, value, text (for the clipboard) or plan (needs the write capability).
const commands = {
  async 'file-size.total'(args, files, call) {
    let bytes = 0;
    for (const file of files) bytes += await sizeInBytes(file, call);
    call.log(`${files.length} files, ${bytes} bytes`, 'debug');
    return { answer: 'value', value: { files: files.length, bytes } };
  },
};

// Add a preview by declaring [[previews]] in skwir-plugin.toml and a function for its method here:
// thumbnail, inspect, convert or page.
serve({
  async field({ key, file }, call) {
    // Skwir shows a failure's message: say what is wrong.
    if (!Object.hasOwn(fields, key)) throw new Failure(`no field ${JSON.stringify(key)}`, -32602);
    return { value: await fields[key](fileParam(file), call) };
  },
  async command({ command, args = null, entries = [] }, call) {
    if (!Object.hasOwn(commands, command)) throw new Failure(`no command ${JSON.stringify(command)}`, -32602);
    if (!Array.isArray(entries)) throw new Failure('params.entries must be a list of files', -32602);
    return commands[command](
      args,
      entries.map((entry, i) => fileParam(entry, `params.entries[${i}]`)),
      call,
    );
  },
});
