/**
 * Issue 23 item 8 (docs/decisions/179-upload-limits-steps-and-names.md): an upload's file name as it is
 * stored, listed and shown. The client's name is the person's to choose and anyone's to forge; what the
 * bank keeps and shows back is a plain, short, printable name. The server stores only this form, and
 * the client shows the same form in its own list before the file is sent.
 */
import { FILE_NAME_MAX_LENGTH } from './limits';

/** C0 controls, DEL and C1 controls. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/gu;
/**
 * Bidirectional formatting: the marks (U+200E, U+200F, U+061C), embeddings and overrides
 * (U+202A to U+202E) and isolates (U+2066 to U+2069), which make `gpj.exe` read as `exe.jpg`; and
 * the invisible ones that hide characters in a name (zero-width space, joiners, word joiner, BOM).
 */
const INVISIBLE_FORMATTING = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/gu;
/**
 * Markup-significant and path characters: `<>"'` and the backtick (HTML and attribute breakers),
 * `/` and `\` (path separators), and what Windows refuses in a name (`:*?|`). `&` stays: it is common
 * in names ("P&L.pdf") and harmless once escaped, which every view does.
 */
const MARKUP_AND_PATH = /[<>"'`/\\:*?|]/gu;
/** Every kind of white space, the line and paragraph separators among them. */
const WHITE_SPACE = /\s+/gu;
/** An extension worth keeping: letters and digits, short. */
const EXTENSION = /^[\p{L}\p{N}]{1,10}$/u;

/** The name a file gets when nothing of its own name is left. */
export const NEUTRAL_FILE_NAME = 'document';

/** The longest prefix of `text` of at most `max` UTF-16 units, never splitting a character. */
function cut(text: string, max: number): string {
  let result = '';
  for (const character of text) {
    if (result.length + character.length > max) break;
    result += character;
  }
  return result;
}

/** Leading and trailing spaces and dots go (a leading dot hides a file; a trailing one is dropped by Windows). */
function trimmed(text: string): string {
  return text.replace(/^[\s.]+|[\s.]+$/gu, '');
}

/**
 * Normalises an upload's file name: NFC; bidirectional and invisible formatting removed; white space
 * (tabs and line breaks too) one space; other control characters removed; markup and path characters
 * removed; leading and trailing spaces and dots removed; at most `FILE_NAME_MAX_LENGTH` characters, cut in the base name so the extension is kept. When nothing of the
 * base name is left it is `document`, with the name's extension or else `fallbackExtension` (the type
 * the server detected from the content).
 */
export function normaliseFileName(raw: string, fallbackExtension?: string): string {
  const cleaned = raw
    .normalize('NFC')
    .replace(INVISIBLE_FORMATTING, '')
    .replace(WHITE_SPACE, ' ')
    .replace(CONTROLS, '')
    .replace(MARKUP_AND_PATH, '')
    .replace(WHITE_SPACE, ' ')
    .replace(/[\s.]+$/u, '');
  const dot = cleaned.lastIndexOf('.');
  const candidate = cleaned.slice(dot + 1);
  const hasExtension = dot >= 0 && EXTENSION.test(candidate);
  const suffix = hasExtension ? `.${candidate}` : '';
  const kept = trimmed(cut(trimmed(hasExtension ? cleaned.slice(0, dot) : cleaned), FILE_NAME_MAX_LENGTH - suffix.length));
  if (kept) return `${kept}${suffix}`;
  const extension = hasExtension ? candidate : fallbackExtension;
  return extension !== undefined && EXTENSION.test(extension) ? `${NEUTRAL_FILE_NAME}.${extension}` : NEUTRAL_FILE_NAME;
}
