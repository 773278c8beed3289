import { expect, type Locator, type Page } from '@playwright/test';
import { t, type TestLocale } from './i18n';

/**
 * The building blocks of the step fillers in steps/ (one file per task key): a step found as a
 * person finds it, by role and accessible name in the page's language (the English texts of the
 * views, translated through the catalogs), never by CSS class. Each filler has its step's heading, a
 * `fill` that answers as a real applicant would, and the way on; the questions are those of
 * src/steps/<taskKey>/view*.tsx, and valid answers follow each contract's `example`.
 */

export interface DateAnswer {
  day: string;
  month: string;
  year: string;
}

/** Texts that are the same in every language (numbers) are not in the catalogs. */
function text(locale: TestLocale, english: string): string {
  return /^[\d\s]+$/.test(english) ? english : t(locale, english);
}

/** The page's building blocks, in the page's language. */
export function stepKit(page: Page, locale: TestLocale) {
  const tx = (english: string) => text(locale, english);
  const within = (scope?: Locator) => scope ?? page;
  const kit = {
    tx,
    heading: (english: string) => page.getByRole('heading', { level: 1, name: tx(english), exact: true }),
    group: (english: string, scope?: Locator) => within(scope).getByRole('group', { name: tx(english), exact: true }),
    textbox: (english: string, scope?: Locator) => within(scope).getByRole('textbox', { name: tx(english), exact: true }),
    combobox: (english: string, scope?: Locator) => within(scope).getByRole('combobox', { name: tx(english), exact: true }),
    checkbox: (english: string, scope?: Locator) => within(scope).getByRole('checkbox', { name: tx(english), exact: true }),
    button: (english: string, scope?: Locator) => within(scope).getByRole('button', { name: tx(english), exact: true }),
    continueButton: page.getByRole('button', { name: tx('Continue'), exact: true }),
    errorSummary: page.getByRole('alert').filter({ has: page.getByRole('heading', { name: tx('There is a problem') }) }),
    /** Answers a radio question (a fieldset named by its question). */
    choose: async (question: string, answer: string, scope?: Locator) => {
      await kit.group(question, scope).getByRole('radio', { name: tx(answer), exact: true }).check();
    },
    /** A GOV.UK date: Day, Month and Year under the question. */
    date: async (question: string, answer: DateAnswer, scope?: Locator) => {
      const group = kit.group(question, scope);
      await kit.textbox('Day', group).fill(answer.day);
      await kit.textbox('Month', group).fill(answer.month);
      await kit.textbox('Year', group).fill(answer.year);
    },
    /**
     * Continues and waits for `next`; when the step refuses instead, fails with what the error
     * summary says (a readable failure rather than a timeout).
     */
    continueTo: async (next: Locator) => {
      await kit.continueButton.click();
      await expect(next.or(kit.errorSummary)).toBeVisible({ timeout: 15_000 });
      if (await kit.errorSummary.isVisible()) {
        throw new Error(`the step refused its answers: ${(await kit.errorSummary.innerText()).replace(/\s+/g, ' ')}`);
      }
    },
  };
  return kit;
}
export type StepKit = ReturnType<typeof stepKit>;

/** Who the step is for: the applicant's and the co-borrower's screens differ in wording. */
export type Role = 'applicant' | 'coborrower';
