// @vitest-environment happy-dom
// A command's value drawn as a tree, bounded whatever a plugin answers: nested lists of 200 at each
// of three levels (8,000,000 leaves) draw at most VALUE_NODES_SHOWN entries, each level counting what
// it left out.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderInWindow } from '../../test/render-preview';
import { VALUE_NODES_SHOWN, ValueTree } from './ValueTree';

afterEach(cleanup);

describe("a command's value as a tree", () => {
  it('shows names and values as a person reads them', () => {
    renderInWindow(<ValueTree value={{ total: 8, done: true, words: ['a', ''], none: null, empty: {} }} label="Value" />);
    const tree = screen.getByRole('group', { name: 'Value' });
    expect(tree.querySelectorAll('dt')).toHaveLength(5);
    expect(tree.textContent).toContain('8');
    expect(tree.querySelectorAll('ol > li')).toHaveLength(2);
  });

  it('draws at most its budget of entries of a value nested wide and deep, and says how many each level left out', () => {
    const level = (inner: () => unknown) => Array.from({ length: 200 }, inner);
    const huge = level(() => level(() => level(() => 1)));
    renderInWindow(<ValueTree value={huge} label="Value" />);
    const tree = screen.getByRole('group', { name: 'Value' });
    expect(tree.querySelectorAll('li').length).toBeLessThanOrEqual(VALUE_NODES_SHOWN);
    expect(tree.querySelectorAll('li').length).toBeGreaterThan(VALUE_NODES_SHOWN / 2);
    // Depth first: the first inner lists are drawn whole, the rest of each level counted.
    expect(screen.getAllByText(/^and [\d,]+ more$/).length).toBeGreaterThan(0);
  });
});
