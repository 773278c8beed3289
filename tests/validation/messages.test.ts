import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { MESSAGES } from '../../core/validation/messages';
import { VALIDATION_MESSAGES, isValidationMessageKey } from '../../src/i18n/validation-messages';
import { LOCALES } from '../../core/domain/languages';

const keys = Object.values(MESSAGES);
const root = join(import.meta.dirname, '..', '..');

/** msgid -> msgstr of a .po catalog (single-line entries, as our catalogs are written). */
function readCatalog(locale: string): Map<string, string> {
  const text = readFileSync(join(root, 'locales', locale, 'validation.po'), 'utf8');
  const entries = new Map<string, string>();
  for (const match of text.matchAll(/^msgid "(.+)"\nmsgstr "(.*)"$/gm)) entries.set(match[1] as string, match[2] as string);
  return entries;
}

describe('message keys', () => {
  it('are unique dotted keys under validation.messages., with the shared required key', () => {
    expect(MESSAGES.required).toBe('validation.messages.required');
    expect(new Set(keys).size).toBe(keys.length);
    for (const [name, key] of Object.entries(MESSAGES)) expect(key).toBe(`validation.messages.${name}`);
  });

  it('every key has English wording with the key as its id', () => {
    for (const key of keys) {
      expect(VALIDATION_MESSAGES[key].id).toBe(key);
      expect(isValidationMessageKey(key)).toBe(true);
    }
    expect(isValidationMessageKey('validation.messages.nope')).toBe(false);
  });

  it('no kernel module imports Lingui (core/ runs on the server too)', () => {
    const files = readdirSync(join(root, 'core'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    expect(files.filter((file) => file.startsWith('validation/')).length).toBeGreaterThan(20);
    for (const file of files) expect(readFileSync(join(root, 'core', file), 'utf8')).not.toMatch(/@lingui/);
  });

  it.each(LOCALES)('the %s catalog translates every key', (locale) => {
    const catalog = readCatalog(locale);
    const english = readCatalog('en');
    for (const key of keys) {
      const translation = catalog.get(key);
      expect(translation, key).toBeTruthy();
      if (locale === 'en') expect(translation).toBe(VALIDATION_MESSAGES[key].message);
      else expect(translation, `${locale} ${key}`).not.toBe(english.get(key));
    }
    expect(catalog.size).toBe(keys.length);
  });
});
