// The messages of the Skwir plugin protocol, from methods.json, typed.
import methodsJson from './methods.json';
import type { Capability } from './types';

export interface SkwirMethodInfo {
  method: string;
  /** Who sends it: the host (Vitruvian) or the plugin. */
  sender: 'host' | 'plugin';
  kind: 'request' | 'notice';
  /** A call about files: where its params name them (one `file`, or the `entries` of a command). */
  files?: 'file' | 'entries';
  /** Only the program transport has it (a module is called directly). */
  transport?: 'program';
  /** What the plugin must be granted to send it. */
  capability?: Capability;
}

export const skwirMethods: readonly SkwirMethodInfo[] = methodsJson as SkwirMethodInfo[];

/** The calls the host makes about files, in the manifest's terms. */
export type CallMethod = 'field' | 'thumbnail' | 'inspect' | 'convert' | 'page' | 'command';
export const callMethods: readonly CallMethod[] = skwirMethods.filter((m) => m.files).map((m) => m.method as CallMethod);
export const isCallMethod = (method: string): method is CallMethod => (callMethods as readonly string[]).includes(method);

const byMethod = new Map(skwirMethods.map((info) => [info.method, info]));
export const skwirMethodInfo = (method: string): SkwirMethodInfo | undefined => byMethod.get(method);

/** The schema definitions' base name: field -> Field (FieldParams, FieldResult), $/cancel -> Cancel. */
export const skwirTypeName = (method: string): string => {
  const bare = method.replace(/^\$\//, '');
  return bare.charAt(0).toUpperCase() + bare.slice(1);
};
