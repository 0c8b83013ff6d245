// Whether a sample tool's program can run here: the interpreter its #! line names must be found the
// way the tool would find it, on the PATH tools start with (childEnvironment). An app started from
// the Dock gets a short PATH: a Node.js from nvm, for one, is not on it. On macOS, /usr/bin/python3
// is only a stand-in until the command line tools are installed: running it pops Apple's install
// dialog, so it counts only when `xcode-select -p` succeeds.
import { constants } from 'node:fs';
import { access, open, stat } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { runCommand, type RunCommand } from '../platform/command-runner';
import { childEnvironment } from '../host/process/child-env';

export interface InterpreterLookup {
  /** The PATH a tool starts with. */
  path: string;
  platform: NodeJS.Platform;
  /** Runs `xcode-select -p` on macOS. */
  run: RunCommand;
}

export const defaultInterpreterLookup = (): InterpreterLookup => ({
  path: childEnvironment().PATH ?? '',
  platform: process.platform,
  run: runCommand,
});

/** The program a #! line runs: `/bin/sh`, or `node` for `#!/usr/bin/env node`; undefined without one. */
export function interpreterOfLine(firstLine: string): string | undefined {
  if (!firstLine.startsWith('#!')) return undefined;
  const words = firstLine
    .slice(2)
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '');
  const [program, ...rest] = words;
  if (!program) return undefined;
  if (program.split('/').at(-1) !== 'env') return program;
  return rest.find((word) => !word.startsWith('-') && !word.includes('='));
}

/** The interpreter a program file names, read from its first line; undefined for a binary or no #!. */
export async function interpreterOf(programFile: string): Promise<string | undefined> {
  const handle = await open(programFile, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(256), 0, 256, 0);
    return interpreterOfLine(buffer.subarray(0, bytesRead).toString('latin1').split('\n')[0]!);
  } finally {
    await handle.close();
  }
}

const runnable = async (file: string) => {
  try {
    await access(file, constants.X_OK);
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
};

/** Apple's stand-ins that ask to install the command line tools when run without them. */
const commandLineToolsStandIns = ['/usr/bin/python3'];

/** Answers whether an interpreter can run here; asks `xcode-select -p` at most once. */
export class InterpreterCheck {
  private commandLineTools: Promise<boolean> | undefined;

  constructor(private readonly lookup: InterpreterLookup = defaultInterpreterLookup()) {}

  /** Why the program cannot run here (for a person); undefined when its interpreter is there. */
  async missing(programFile: string): Promise<string | undefined> {
    let interpreter: string | undefined;
    try {
      interpreter = await interpreterOf(programFile);
    } catch {
      return undefined; // the installer says what is wrong with the program itself
    }
    if (interpreter === undefined) return undefined;
    const candidates = isAbsolute(interpreter)
      ? [interpreter]
      : this.lookup.path
          .split(':')
          .filter((folder) => isAbsolute(folder))
          .map((folder) => join(folder, interpreter));
    let standIn: string | undefined;
    for (const candidate of candidates) {
      if (!(await runnable(candidate))) continue;
      if (this.lookup.platform === 'darwin' && commandLineToolsStandIns.includes(candidate) && !(await this.hasCommandLineTools())) {
        standIn = candidate;
        continue;
      }
      return undefined;
    }
    if (standIn) {
      return `it needs ${interpreter}, and ${standIn} would ask to install Apple's command line tools (xcode-select --install); no other ${interpreter} is on the PATH tools get (${this.lookup.path})`;
    }
    if (isAbsolute(interpreter)) return `it needs ${interpreter}, which is not there`;
    return `it needs ${interpreter}, which is not on the PATH tools get (${this.lookup.path}); a ${interpreter} set up in a shell profile only (nvm, pyenv) is not seen by an app started from the Dock`;
  }

  private hasCommandLineTools(): Promise<boolean> {
    this.commandLineTools ??= this.lookup.run('xcode-select', ['-p'], { timeoutMs: 10_000 }).then(
      (result) => result.code === 0 && result.stdout.trim() !== '',
      () => false,
    );
    return this.commandLineTools;
  }
}
