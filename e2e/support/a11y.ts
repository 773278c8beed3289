import axe from 'axe-core';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

interface AxeViolations {
  violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[];
}

/**
 * axe-core in every frame of the page, once per document (decision 155): its 1.5 MB source is
 * evaluated only when a frame does not have it yet, where `@axe-core/playwright` evaluated it
 * twice per scan and opened a new tab to finish each one.
 */
async function injectAxe(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    const present = await frame.evaluate('typeof window.axe?.run === "function"').catch(() => true);
    if (!present) await frame.evaluate(axe.source);
  }
}

/** Runs axe on the page as it is now and fails with one readable line per offending element. */
export async function expectNoA11yViolations(page: Page, label = ''): Promise<void> {
  await injectAxe(page);
  // Only the violations are asked for: the passes are not read, and listing them costs as much again.
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeViolations> } }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    WCAG_TAGS,
  );
  const lines = results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `- [${violation.impact ?? 'n/a'}] ${violation.id}: ${violation.help}\n    at ${node.target.join(' ')}\n    ${node.failureSummary?.replace(/\n/g, '\n    ') ?? ''}`,
    ),
  );
  const where = `${label ? `${label}: ` : ''}${page.url()}`;
  expect(lines, `axe found ${lines.length} violation(s) on ${where}\n${lines.join('\n')}`).toEqual([]);
}
