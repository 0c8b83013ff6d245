// Signals to a tool's whole process group (the tool was spawned detached, so its pid is the
// group's id), and whether anything of the group still runs, grandchildren included.
import { readdirSync } from 'node:fs';
import { readProcessEntries } from './process-tree';

export function signalGroup(groupId: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-groupId, signal);
    return true;
  } catch {
    return false; // ESRCH: nothing left in the group
  }
}

/** True while a process of the group runs. Zombies (exited, not yet reaped) do not count. */
export function groupAlive(groupId: number): boolean {
  try {
    process.kill(-groupId, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  if (process.platform !== 'linux') return true;
  // kill() also finds zombies, which an init that does not reap (containers) keeps around.
  return livingGroupMembers(groupId).length > 0;
}

/** Linux: the pids of the group's processes that are not zombies. */
export function livingGroupMembers(groupId: number): number[] {
  const members: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [groupId];
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readProcessEntries([Number(entry)]).get(Number(entry));
    if (stat && stat.groupId === groupId && !stat.zombie) members.push(Number(entry));
  }
  return members;
}

/** Whether a process runs (not a zombie): for tests that check nothing outlived a stop. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  if (process.platform !== 'linux') return true;
  const stat = readProcessEntries([pid]).get(pid);
  return stat !== undefined && !stat.zombie;
}

/**
 * Resolves true once `running()` turns false, false when `ms` passed first. The polling timer is
 * kept referenced on purpose: once the tool itself exited nothing else may keep the host alive,
 * and a host that quit here would leave the grandchildren running. The wait is bounded by `ms`.
 */
export function waitGone(running: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  return new Promise((resolve) => {
    const check = () => {
      if (!running()) return resolve(true);
      if (Date.now() >= deadline) return resolve(false);
      setTimeout(check, 25);
    };
    check();
  });
}
