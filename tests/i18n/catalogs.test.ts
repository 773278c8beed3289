import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../core/domain/languages';
import { parsePo, placeholdersOf } from './po-file';
import type { PoEntry } from './po-file';
import { SAME_AS_ENGLISH_ALLOWED } from './same-as-english';

/**
 * Issue 2, part 6: every visible text is translated for real in all five languages. Fails when a
 * message English has is missing or empty in another locale, or is left in English.
 */
const LOCALES_DIR = path.resolve(import.meta.dirname, '../../locales');
const SOURCE = 'en';
const TRANSLATED = LOCALES.filter((locale) => locale !== SOURCE);

const catalogNames = readdirSync(path.join(LOCALES_DIR, SOURCE))
  .filter((file) => file.endsWith('.po'))
  .map((file) => file.replace(/\.po$/, ''))
  .sort();

function readCatalog(locale: string, name: string): Map<string, PoEntry> | undefined {
  const file = path.join(LOCALES_DIR, locale, `${name}.po`);
  return existsSync(file) ? parsePo(readFileSync(file, 'utf8')) : undefined;
}

/** The English text of an entry: its msgstr, or the msgid when the id is the message (Lingui's default). */
function englishOf(entry: PoEntry): string {
  return entry.translation || entry.id;
}

describe('translation catalogs', () => {
  it('has the application catalog in English', () => {
    expect(catalogNames).toContain('messages');
  });

  describe.each(catalogNames)('%s.po', (name) => {
    const english = readCatalog(SOURCE, name) ?? new Map<string, PoEntry>();

    it('has English text for every message', () => {
      expect([...english.values()].filter((entry) => !englishOf(entry).trim()).map((e) => e.id)).toEqual([]);
    });

    it.each(TRANSLATED)('exists for %s with every English message', (locale) => {
      const catalog = readCatalog(locale, name);
      expect(catalog, `locales/${locale}/${name}.po is missing`).toBeDefined();
      const missing = [...english.keys()].filter((key) => !catalog?.has(key));
      expect(missing, `messages missing from locales/${locale}/${name}.po`).toEqual([]);
    });

    it.each(TRANSLATED)('is translated for real in %s', (locale) => {
      const catalog = readCatalog(locale, name) ?? new Map<string, PoEntry>();
      const problems: string[] = [];
      for (const [key, source] of english) {
        const translation = catalog.get(key)?.translation.trim() ?? '';
        const englishText = englishOf(source).trim();
        if (!translation) problems.push(`untranslated: ${source.id}`);
        else if (translation === englishText && !SAME_AS_ENGLISH_ALLOWED.has(englishText)) problems.push(`same as English: ${source.id}`);
        else if (placeholdersOf(translation).join() !== placeholdersOf(englishText).join()) {
          problems.push(`placeholders differ: ${source.id} -> ${translation}`);
        }
      }
      expect(problems, `locales/${locale}/${name}.po`).toEqual([]);
    });
  });
});

describe('the catalog test itself', () => {
  it('reads ids, contexts, multi-line strings and escapes', () => {
    const entries = parsePo(
      [
        'msgid ""',
        'msgstr ""',
        '"Language: et\\n"',
        '',
        '#: src/a.tsx',
        'msgid "Hello {name}"',
        'msgstr "Tere {name}"',
        '',
        'msgctxt "button"',
        'msgid "Back"',
        'msgstr ""',
        '"Tagasi"',
        '',
        'msgid "Say \\"hi\\""',
        'msgstr ""',
      ].join('\n'),
    );
    expect([...entries.values()]).toEqual([
      { context: undefined, id: 'Hello {name}', translation: 'Tere {name}' },
      { context: 'button', id: 'Back', translation: 'Tagasi' },
      { context: undefined, id: 'Say "hi"', translation: '' },
    ]);
    expect(placeholdersOf('{count, plural, one {# day} other {# days}} for {name}')).toEqual(['count', 'name']);
  });
});
