// `npm start`: starts Electron on the repository with the switches this machine needs, saying why.
// On Linux, where the system keeps Chromium's sandbox from starting (Ubuntu 23.10 and later), it
// starts without it rather than die with SIGTRAP; on a Wayland session with XWayland it keeps X11,
// where the HUD can be placed. Electron's binary is downloaded on this first use if it is missing.
// Run with `tsx src-main/electron/dev-launch.ts` (package.json "start").
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sessionDisplay, x11Switches } from './linux-display';
import { sandboxProblem, systemFacts, type SandboxFacts } from './linux-sandbox';

/** Set to "keep" to start with the sandbox whatever the check says (an AppArmor profile allows it). */
export const sandboxVariable = 'VITRUVIAN_SANDBOX';

export interface LaunchPlan {
  /** Chromium switches, before the app's folder. */
  switches: string[];
  /** What the person is told, one line each. */
  notes: string[];
}

export interface LaunchFacts {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  electronBinary: string;
  sandbox?: SandboxFacts;
}

export function launchPlan({ platform, env, electronBinary, sandbox = systemFacts }: LaunchFacts): LaunchPlan {
  const plan: LaunchPlan = { switches: [], notes: [] };
  if (platform !== 'linux') return plan;
  const problem = env[sandboxVariable] === 'keep' ? undefined : sandboxProblem(electronBinary, sandbox);
  if (problem) {
    plan.switches.push('--no-sandbox');
    plan.notes.push(`Chromium's sandbox cannot start here, so Electron starts without it (--no-sandbox): ${problem}`);
  }
  const x11 = x11Switches(env);
  plan.switches.push(...x11);
  if (x11.length > 0) plan.notes.push('A Wayland session: Electron uses X11 through XWayland (--ozone-platform=x11), where the HUD can be placed.');
  else if (sessionDisplay(env) === 'wayland') plan.notes.push('A Wayland session without XWayland: the compositor decides where the HUD shows.');
  return plan;
}

const repository = fileURLToPath(new URL('../../', import.meta.url));

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  // Run in Node, the electron package answers the binary's path, downloading it first when missing.
  const electronBinary = createRequire(join(repository, 'package.json'))('electron') as string;
  const plan = launchPlan({ platform: process.platform, env: process.env, electronBinary });
  for (const note of plan.notes) console.warn(`vitruvian: ${note}`);
  const child = spawn(electronBinary, [...plan.switches, repository, ...process.argv.slice(2)], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  child.once('exit', (code, signal) => {
    if (signal === 'SIGTRAP' && process.platform === 'linux') {
      console.error(
        `vitruvian: Electron stopped with SIGTRAP. If it said its sandbox cannot start, see "Linux" in docs/desktop.md (and unset ${sandboxVariable} if you set it to keep).`,
      );
    }
    process.exit(code ?? 1);
  });
}
