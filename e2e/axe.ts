// The accessibility scan the specs make of what the window shows: axe-core with the WCAG 2.1 A and
// AA rules and its best practices, each violation listed with where it is, so a failure says what
// to fix. The accessibility spec scans in light and dark modes with rules of its own.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** Fails naming every violation axe finds on the page, or inside `include` (a CSS selector) only. */
export async function expectNoAxeViolations(page: Page, where: string, include?: string): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(axeTags).setLegacyMode(true);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const found = violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${violation.help} at ${node.target.join(' ')}\n  ${node.failureSummary ?? ''}`),
  );
  expect(found, `axe found on ${where}:\n${found.join('\n')}`).toEqual([]);
}
