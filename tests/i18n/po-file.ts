/** A reader for the gettext .po files Lingui writes: enough to compare catalogs, no more. */
export interface PoEntry {
  context?: string;
  id: string;
  translation: string;
}

function unquote(line: string): string {
  const match = /^"(.*)"$/.exec(line.trim());
  if (!match) throw new Error(`Not a quoted .po string: ${line}`);
  return JSON.parse(`"${match[1]}"`) as string;
}

/** Entries by key (`context\u0004id`, as gettext keys them); the header entry is left out. */
export function parsePo(source: string): Map<string, PoEntry> {
  const entries = new Map<string, PoEntry>();
  let current: { context?: string; id?: string; translation?: string } = {};
  let field: 'context' | 'id' | 'translation' | null = null;

  const flush = () => {
    if (current.id) {
      const key = current.context ? `${current.context}\u0004${current.id}` : current.id;
      entries.set(key, { context: current.context, id: current.id, translation: current.translation ?? '' });
    }
    current = {};
    field = null;
  };

  for (const raw of source.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') {
      flush();
      continue;
    }
    if (line.startsWith('#')) continue;
    const keyword = /^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+(".*")$/.exec(line);
    if (keyword) {
      const [, name = '', value = ''] = keyword;
      if (name === 'msgctxt') {
        if (current.id !== undefined) flush();
        field = 'context';
      } else if (name === 'msgid') {
        if (current.translation !== undefined) flush();
        field = 'id';
      } else if (name === 'msgid_plural') {
        field = null;
        continue;
      } else if (name === 'msgstr' || name === 'msgstr[0]') {
        field = 'translation';
      } else {
        field = null;
        continue;
      }
      current[field] = unquote(value);
    } else if (line.startsWith('"') && field) {
      current[field] = (current[field] ?? '') + unquote(line);
    }
  }
  flush();
  return entries;
}

/** The ICU placeholders of a message (`{name}`, `{count, plural, ...}` → name, count). */
export function placeholdersOf(message: string): string[] {
  return [...message.matchAll(/\{\s*([A-Za-z0-9_]+)\s*[,}]/g)].map((m) => m[1] ?? '').sort();
}
