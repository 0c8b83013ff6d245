// A call to a Skwir plugin as the window follows it: waiting its turn in the window, running under
// the id the window gave it (what cancelCall takes), or answered. Each call has an id of its own, so
// an answer that comes after the person moved on is recognised by its id and left out.
import type { PluginAnswer } from '../../src-shared/plugin-api';
import { problemOf } from './problem';

export type PluginCall<T> = { status: 'waiting' } | { status: 'running'; callId: string; startedAt: number } | { status: 'answered'; answer: PluginAnswer<T> };

/** 16 random bytes in hex. crypto.randomUUID needs a secure context; getRandomValues does not. */
function randomHex(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The page's own prefix, random, then a count: no two windows on one host (the desktop app's and
 * its palette's) give the same id, and an id costs a count, not a random draw (a folder of 5,000
 * files asks 5,000 calls and more).
 */
const pageCalls = randomHex();
let callsMade = 0;

/** A fresh id for a call. */
export function newCallId(): string {
  return `${pageCalls}-${++callsMade}`;
}

export const running = (callId: string): PluginCall<never> => ({ status: 'running', callId, startedAt: Date.now() });

/** The call's id while it runs. */
export const runningId = (call: PluginCall<unknown> | undefined): string | undefined => (call?.status === 'running' ? call.callId : undefined);

/** Asks the host; a request that never reached it (the link dropped) is an answer too. */
export async function ask<T>(request: () => Promise<PluginAnswer<T>>): Promise<PluginAnswer<T>> {
  try {
    return await request();
  } catch (error) {
    return { ok: false, outcome: 'unavailable', message: problemOf(error) };
  }
}

/** Runs at most `limit` asks at once; the rest wait their turn in the order given. */
export function askQueue(limit: number): (task: () => Promise<unknown>) => void {
  let active = 0;
  const waiting: (() => Promise<unknown>)[] = [];
  const next = () => {
    while (active < limit && waiting.length > 0) {
      const task = waiting.shift()!;
      active++;
      void task()
        .catch(() => undefined)
        .finally(() => {
          active--;
          next();
        });
    }
  };
  return (task) => {
    waiting.push(task);
    next();
  };
}
