// The manifests the Skwir plugin guide shows, whole or in part, are what it says: each is taken as it
// is written (no problem, no warning), and the args a command is asked with are the guide's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { askProblems } from '../../src-shared/skwir/asking';
import { readPluginManifest } from '../../src-shared/skwir/plugin-manifest';

const guide = readFileSync(join(fileURLToPath(new URL('../../', import.meta.url)), 'docs/writing-a-skwir-plugin.md'), 'utf8');
const blocks = [...guide.matchAll(/^```toml\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);

/** A part of a manifest made whole: what every manifest needs before it, its own tables after. */
const whole = (block: string) =>
  /^id = /m.test(block) ? block : `id = "org.example.guide"\nname = "Guide"\nversion = "1.0.0"\nprogram = { exec = "p" }\n${block}`;

describe('the manifests of docs/writing-a-skwir-plugin.md', () => {
  it('are there, an args schema among them', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(4);
    expect(blocks.some((block) => block.includes('[commands.args]'))).toBe(true);
  });

  it.each(blocks.map((block) => [block.split('\n').find((line) => /^\[|^id/.test(line)) ?? block.slice(0, 40), block] as const))(
    'block from %s is taken with no problem and no warning',
    (_first, block) => {
      const reading = readPluginManifest(whole(block));
      expect(reading.ok ? [] : reading.problems.map((problem) => problem.text)).toEqual([]);
      expect(reading.warnings).toEqual([]);
    },
  );

  it('fills in the args a command is asked with no args as the guide says', () => {
    const said = /a plugin asked with no args gets `(\{[^`]*\})`/.exec(guide.replace(/\s+/g, ' '));
    expect(said).not.toBeNull();
    const reading = readPluginManifest(whole(blocks.find((block) => block.includes('[commands.args]'))!));
    if (!reading.ok) throw new Error(reading.problems.map((problem) => problem.text).join('; '));
    const command = reading.manifest.commands[0]!;
    const params: Record<string, unknown> = { command: command.name };
    expect(askProblems(reading.manifest, 'command', params, [{ name: 'a.txt' }])).toEqual([]);
    expect(params.args).toEqual(JSON.parse(said![1]!));
  });
});
