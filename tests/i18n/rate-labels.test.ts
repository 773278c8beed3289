/**
 * Issue 26 item 5 (decision 193): the APR's label says APR in every language, and the interest
 * rate is never named like it. In Latvian "Gada procentu likme 15,9%" (the interest rate) stood next
 * to "Gada procentu likme (GPL) 19,54%" (the APR); in Russian the same with "Годовая процентная
 * ставка". The test compares word stems (the first four letters of each word), so an inflected
 * form ("gada procentu likmi") counts as the same name.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePo } from './po-file';

const LOCALES = ['en', 'et', 'lv', 'lt', 'ru'] as const;
const INTEREST = 'Annual interest rate';
const APR = 'Annual percentage rate of charge (APR)';
const SHORT = 'Interest rate {0}, APR {1}.';

function catalog(locale: string) {
  const entries = parsePo(readFileSync(new URL(`../../locales/${locale}/messages.po`, import.meta.url), 'utf8'));
  return (id: string) => {
    const entry = entries.get(id);
    if (!entry) throw new Error(`${locale}: no message ${id}`);
    return locale === 'en' || !entry.translation ? entry.id : entry.translation;
  };
}

const stems = (text: string) =>
  text
    .toLocaleLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .split(/[^\p{L}]+/u)
    .filter(Boolean)
    .map((word) => word.slice(0, 4));

/** The APR's name without its abbreviation, as the first three stems. */
const nameOf = (label: string) => stems(label).slice(0, 3).join(' ');

describe.each(LOCALES)('the rate labels in %s', (locale) => {
  const text = catalog(locale);

  it('names the APR with its abbreviation, as the short figures line does', () => {
    const abbreviation = /\(([^)]+)\)\s*$/.exec(text(APR))?.[1];
    expect(abbreviation).toBeTruthy();
    expect(text(SHORT)).toContain(abbreviation);
  });

  it('names the interest rate differently from the APR', () => {
    const interest = text(INTEREST);
    const apr = text(APR);
    expect(interest.toLocaleLowerCase()).not.toBe(apr.toLocaleLowerCase());
    expect(apr.toLocaleLowerCase()).not.toContain(interest.toLocaleLowerCase());
    // Not the same first two words either ("Gada procentu likme" beside "Gada procentu likme (GPL)").
    expect(stems(interest).slice(0, 2)).not.toEqual(stems(apr).slice(0, 2));
  });

  it('never calls the interest rate by the APR name in a representative example', () => {
    const entries = parsePo(readFileSync(new URL(`../../locales/${locale}/messages.po`, import.meta.url), 'utf8'));
    const examples = [...entries.values()].filter((entry) => entry.id.includes('{rate}') && entry.id.includes('{apr}'));
    expect(examples.length).toBeGreaterThan(0);
    for (const entry of examples) {
      const translated = locale === 'en' ? entry.id : entry.translation;
      const beforeRate = stems(translated.slice(0, translated.indexOf('{rate}'))).slice(-4).join(' ');
      expect(beforeRate, entry.id).not.toContain(nameOf(text(APR)));
    }
  });
});
