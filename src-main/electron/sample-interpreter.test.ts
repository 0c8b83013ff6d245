import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scriptedRunner } from '../platform/scripted-runner';
import { InterpreterCheck, interpreterOfLine } from './sample-interpreter';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'vitruvian-interpreter-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

const program = async (name: string, firstLine: string) => {
  const file = join(root, name);
  await writeFile(file, `${firstLine}\nrest\n`);
  return file;
};
const installed = async (folder: string, name: string) => {
  await mkdir(join(root, folder), { recursive: true });
  await writeFile(join(root, folder, name), '#!/bin/sh\n');
  await chmod(join(root, folder, name), 0o755);
  return join(root, folder);
};

describe('interpreterOfLine', () => {
  it('reads the program a #! line runs, through env or not', () => {
    expect(interpreterOfLine('#!/usr/bin/env node')).toBe('node');
    expect(interpreterOfLine('#! /usr/bin/env -S python3 -u')).toBe('python3');
    expect(interpreterOfLine('#!/usr/bin/env LANG=C node')).toBe('node');
    expect(interpreterOfLine('#!/bin/sh -e')).toBe('/bin/sh');
    expect(interpreterOfLine('\u007fELF')).toBeUndefined();
    expect(interpreterOfLine('#!')).toBeUndefined();
  });
});

describe('InterpreterCheck', () => {
  it('finds an interpreter on the PATH tools get, and says which is missing and where it looked', async () => {
    const bin = await installed('bin', 'node');
    await installed('not-executable', 'python3');
    await chmod(join(root, 'not-executable', 'python3'), 0o644);
    const check = new InterpreterCheck({ path: `${bin}:${join(root, 'not-executable')}`, platform: 'linux', run: scriptedRunner() });
    expect(await check.missing(await program('tool.mjs', '#!/usr/bin/env node'))).toBeUndefined();
    const why = await check.missing(await program('tool.py', '#!/usr/bin/env python3'));
    expect(why).toContain('it needs python3, which is not on the PATH tools get');
    expect(why).toContain(bin);
    expect(await check.missing(await program('tool.sh', '#!/bin/sh'))).toBeUndefined();
    expect(await check.missing(await program('odd.sh', `#!${join(root, 'no-such-shell')}`))).toMatch(/no-such-shell, which is not there/);
    expect(await check.missing(await program('binary', '\u007fELF'))).toBeUndefined();
    expect(await check.missing(join(root, 'absent'))).toBeUndefined(); // the installer says what is wrong
  });

  it('on macOS counts /usr/bin/python3 only with the command line tools, asking xcode-select once', async () => {
    const noTools = scriptedRunner({ code: 2, stderr: 'xcode-select: error: unable to get active developer directory' });
    const check = new InterpreterCheck({ path: '/usr/bin', platform: 'darwin', run: noTools });
    const python = await program('word_count.py', '#!/usr/bin/env python3');
    const why = await check.missing(python);
    expect(why).toContain("/usr/bin/python3 would ask to install Apple's command line tools");
    expect(await check.missing(python)).toBe(why);
    expect(noTools.commands).toEqual([expect.objectContaining({ file: 'xcode-select', args: ['-p'] })]);

    const withTools = scriptedRunner({ code: 0, stdout: '/Library/Developer/CommandLineTools\n' });
    expect(await new InterpreterCheck({ path: '/usr/bin', platform: 'darwin', run: withTools }).missing(python)).toBeUndefined();

    // A python3 elsewhere (Homebrew, python.org) does, without asking.
    const brew = await installed('homebrew/bin', 'python3');
    const elsewhere = scriptedRunner({ code: 2 });
    expect(await new InterpreterCheck({ path: `${brew}:/usr/bin`, platform: 'darwin', run: elsewhere }).missing(python)).toBeUndefined();
    expect(await new InterpreterCheck({ path: `/usr/bin:${brew}`, platform: 'darwin', run: elsewhere }).missing(python)).toBeUndefined();
    expect(await new InterpreterCheck({ path: '/usr/bin', platform: 'linux', run: noTools }).missing(python)).toBeUndefined();
  });
});
