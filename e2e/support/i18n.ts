import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../tests/support/e2e-server';

/**
 * The interface texts of a locale, read from the Lingui catalogs (locales/<locale>/*.po), so one
 * test walks every language by the English texts of the UI contract and the real translations.
 */
export type TestLocale = 'en' | 'et' | 'ru' | 'lv' | 'lt';

/** Each language named in its own language, as the language switch shows it. */
export const LANGUAGE_NAMES: Record<TestLocale, string> = { en: 'English', et: 'Eesti', ru: 'Русский', lv: 'Latviešu', lt: 'Lietuvių' };

type Catalog = Map<string, string>;
const cache = new Map<string, Catalog>();

function unquote(literal: string): string {
  return JSON.parse(literal.replace(/\\'/g, "'")) as string;
}

/** msgid (or msgctxt-less explicit id) -> msgstr for every .po of the locale. */
function catalog(locale: string): Catalog {
  const cached = cache.get(locale);
  if (cached) return cached;
  const dir = path.join(REPO_ROOT, 'locales', locale);
  const entries: Catalog = new Map();
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.po')) : [];
  if (files.length === 0) throw new Error(`no Lingui catalogs (*.po) in ${dir}`);
  for (const file of files) {
    let field: 'msgid' | 'msgstr' | undefined;
    let msgid = '';
    let msgstr = '';
    const flush = () => {
      if (msgid) entries.set(msgid, msgstr);
      msgid = '';
      msgstr = '';
      field = undefined;
    };
    for (const raw of readFileSync(path.join(dir, file), 'utf8').split(/\r?\n/)) {
      const line = raw.trim();
      const start = /^(msgid|msgstr)\s+(".*")$/.exec(line);
      if (start) {
        if (start[1] === 'msgid') flush();
        field = start[1] as 'msgid' | 'msgstr';
        if (field === 'msgid') msgid = unquote(start[2]!);
        else msgstr = unquote(start[2]!);
      } else if (line.startsWith('"') && field) {
        if (field === 'msgid') msgid += unquote(line);
        else msgstr += unquote(line);
      } else if (line === '' || line.startsWith('#')) {
        if (line === '') flush();
      }
    }
    flush();
  }
  cache.set(locale, entries);
  return entries;
}

function idOf(english: string, match: (text: string) => boolean): string | undefined {
  const source = catalog('en');
  for (const [id, text] of source) if (match(id) || match(text)) return id;
  return undefined;
}

/** The locale's text of an English interface text (exactly). */
export function t(locale: TestLocale, english: string): string {
  if (locale === 'en') return english;
  const id = idOf(english, (text) => text === english);
  const translated = id === undefined ? undefined : catalog(locale).get(id);
  if (!translated) throw new Error(`locales/${locale}: no translation of "${english}"`);
  return translated;
}

/**
 * The locale's fixed beginning of the message whose English text starts with `englishPrefix`: the
 * translation up to its first placeholder or tag (`{amount}`, `<0>`), for texts with parts in them.
 */
export function tPrefix(locale: TestLocale, englishPrefix: string): string {
  if (locale === 'en') return englishPrefix;
  const id = idOf(englishPrefix, (text) => text.startsWith(englishPrefix));
  const translated = id === undefined ? undefined : catalog(locale).get(id);
  if (!translated) throw new Error(`locales/${locale}: no translation of a text starting "${englishPrefix}"`);
  const fixed = translated.split(/[{<]/)[0]!.trim();
  if (fixed.length < 3) throw new Error(`locales/${locale}: "${translated}" has no fixed beginning to match`);
  return fixed;
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
