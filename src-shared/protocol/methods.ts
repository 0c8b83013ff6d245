// The 17 messages of protocol 1, from methods.json, typed.
import methodsJson from './methods.json';
import type { ServiceName } from './types';

export type MethodSender = 'app' | 'tool';
export type MethodKind = 'request' | 'notice';

export interface MethodInfo {
  method: string;
  /** Who sends it. */
  sender: MethodSender;
  /** A request is answered; a notice is not. */
  kind: MethodKind;
  /** The `uses` entry a tool needs to send it (tool requests that reach an app service). */
  uses?: ServiceName;
}

export const methods: readonly MethodInfo[] = methodsJson as MethodInfo[];

const byMethod = new Map(methods.map((info) => [info.method, info]));

export const methodInfo = (method: string): MethodInfo | undefined => byMethod.get(method);

const typeNames = new Map<string, string>();

/** The schema definitions' base name: command/run -> CommandRun (CommandRunParams, CommandRunResult). */
export function methodTypeName(method: string): string {
  let name = typeNames.get(method);
  if (name === undefined) {
    name = method
      .split('/')
      .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
      .join('');
    // Only the protocol's own methods are kept: a tool's made-up ones must not grow the map.
    if (byMethod.has(method)) typeNames.set(method, name);
  }
  return name;
}
