import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * Runs axe-core's WCAG 2.x A/AA rules on a rendered component. Colour contrast is left to the
 * browser tests: jsdom computes no layout or colours, so axe cannot judge it here.
 */
export async function expectNoAxeViolations(container: Element): Promise<void> {
  const results = await axe.run(container, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    rules: { 'color-contrast': { enabled: false } },
    // Only the violations are read: axe then keeps one node per rule that passed or did not apply
    // instead of every node it looked at (decision 214; the browser scans do the same, decision 155).
    resultTypes: ['violations'],
  });
  const violations = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(violations).toEqual([]);
}
