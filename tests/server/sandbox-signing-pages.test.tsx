/**
 * The sandbox signing providers' pages (decision 139) are accessible on their own: axe finds no
 * WCAG 2.2 A/AA violation, the outcome is a labelled radio group with the test's choice preselected,
 * and what a test or a caller passes in is escaped.
 */
import { describe, expect, it } from 'vitest';
import { GONE_PAGE_HTML, providerPageHtml } from '../../server/signing/provider-pages';
import { expectNoAxeViolations } from '../support/axe';

function load(html: string): Document {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  document.documentElement.lang = parsed.documentElement.lang;
  document.title = parsed.title;
  document.body.innerHTML = parsed.body.innerHTML;
  return document;
}

const PAGE = providerPageHtml(
  'Sandbox bank payment',
  [['Bank', 'SWEDBANK (HABALV22)'], ['Payment purpose', '<script>alert(1)</script>']],
  '/sandbox/providers/bank-payment',
  'tx-1',
  [
    { value: 'COMPLETED_OK', label: 'COMPLETED_OK' },
    { value: 'USER_CANCELLED', label: 'USER_CANCELLED' },
  ],
  'USER_CANCELLED',
);

describe('sandbox provider pages', () => {
  it('has no axe violations and names its outcome choices', async () => {
    const page = load(PAGE);
    await expectNoAxeViolations(page.body);
    expect(page.documentElement.lang).toBe('en');
    expect(page.title).toBe('Sandbox bank payment');
    expect(page.querySelectorAll('h1')).toHaveLength(1);
    const group = page.querySelector('fieldset');
    expect(group?.querySelector('legend')?.textContent).toBe('Outcome');
    const chosen = page.querySelector<HTMLInputElement>('input[name="outcome"]:checked');
    expect(chosen?.value).toBe('USER_CANCELLED');
    expect(page.querySelector(`label[for="${chosen?.id}"]`)?.textContent).toBe('USER_CANCELLED');
    expect(page.querySelector('button[type="submit"]')?.textContent).toBe('Continue');
  });

  it('escapes what it shows', () => {
    const page = load(PAGE);
    expect(page.querySelector('script')).toBeNull();
    expect(page.body.textContent).toContain('<script>alert(1)</script>');
  });

  it('the page of an answered request is accessible too', async () => {
    const page = load(GONE_PAGE_HTML);
    await expectNoAxeViolations(page.body);
    expect(page.querySelector('h1')?.textContent).toBe('This request is no longer open');
  });
});
