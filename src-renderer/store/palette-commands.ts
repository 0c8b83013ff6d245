// What the palette lists: every command of every tool (those of the menu bar too), and every Skwir command that serves all the
// selected files, each with its tool's or plugin's name, those the person runs often and lately first.
import type { CommandUse, EntrySummary, LocalizedText } from '../../src-shared/host-api';
import { commandsServing } from './plugin-serving';

export interface PaletteCommand {
  /** Unique in the list: the entry and the command. */
  key: string;
  kind: 'tool' | 'plugin';
  entryId: string;
  command: string;
  title: LocalizedText;
  entryName: LocalizedText;
  /** A tool's command that cannot run now (commands/state, or a tool not running): dimmed with why. */
  held?: 'notRunnable' | 'toolDown';
  /** A Skwir command's args schema, when it has one (its args are then {}). */
  args?: Record<string, unknown>;
  /** How much the person uses it: the higher, the earlier. */
  weight: number;
}

export const paletteKey = (entryId: string, command: string): string => `${entryId}\u0000${command}`;

/** A run's worth halves every week, so what was used a lot long ago gives way to what is used now. */
const HALF_LIFE_MS = 7 * 24 * 60 * 60 * 1000;

/** How often and how lately, in one number: each run counts, less the longer ago the last one was. */
export function weightOfUse(use: CommandUse | undefined, now: number): number {
  if (!use) return 0;
  const age = Math.max(0, now - use.last);
  return use.count * Math.pow(0.5, age / HALF_LIFE_MS);
}

const downStates = new Set(['failed', 'refused', 'stopped', 'crashed', 'stopping']);

/**
 * The palette's commands, the most used first and, among equals, in the list's own order (tools and
 * plugins by name, each command in its manifest's order). Plugin commands only when files are selected.
 */
export function paletteCommands(tools: readonly EntrySummary[], selection: readonly string[], usage: readonly CommandUse[], now: number): PaletteCommand[] {
  const uses = new Map(usage.map((use) => [paletteKey(use.entryId, use.command), use]));
  const listed: PaletteCommand[] = [];
  for (const entry of tools) {
    if (entry.kind === 'tool') {
      for (const command of entry.commands) {
        const key = paletteKey(entry.id, command.id);
        // A menu bar command runs too: the palette is out of the way of the app in front by then.
        const held = downStates.has(entry.state) ? 'toolDown' : !entry.runnable.includes(command.id) ? 'notRunnable' : undefined;
        listed.push({
          key,
          kind: 'tool',
          entryId: entry.id,
          command: command.id,
          title: command.title,
          entryName: entry.name,
          held,
          weight: weightOfUse(uses.get(key), now),
        });
      }
    } else if (entry.state !== 'refused') {
      for (const command of commandsServing(entry.plugin, selection)) {
        const key = paletteKey(entry.id, command.name);
        const title = { en: command.title };
        listed.push({
          key,
          kind: 'plugin',
          entryId: entry.id,
          command: command.name,
          title,
          entryName: entry.name,
          args: command.args,
          weight: weightOfUse(uses.get(key), now),
        });
      }
    }
  }
  // A stable sort: equal weights keep the list's order.
  return listed.sort((a, b) => b.weight - a.weight);
}

/**
 * The palette's score of a command for what was typed: the fuzzy match's (0 when it does not match),
 * raised by its use so that, among commands matching alike, the one used more comes first.
 */
export function paletteScore(match: number, weight: number): number {
  if (match <= 0) return 0;
  return match * (1 + Math.min(weight, 50) / 50);
}
