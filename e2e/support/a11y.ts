import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** Runs axe on the page as it is now and fails with one readable line per offending element. */
export async function expectNoA11yViolations(page: Page, label = ''): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const lines = results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `- [${violation.impact ?? 'n/a'}] ${violation.id}: ${violation.help}\n    at ${node.target.join(' ')}\n    ${node.failureSummary?.replace(/\n/g, '\n    ') ?? ''}`,
    ),
  );
  const where = `${label ? `${label}: ` : ''}${page.url()}`;
  expect(lines, `axe found ${lines.length} violation(s) on ${where}\n${lines.join('\n')}`).toEqual([]);
}
