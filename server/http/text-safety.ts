/**
 * Characters PostgreSQL cannot store: NUL is refused in `text` and `jsonb`, and a lone UTF-16
 * surrogate (half of an emoji, `"\ud800"` in JSON) is refused by `jsonb` and silently replaced in
 * `text`. Input carrying them is refused with a 4xx before it reaches the database (issue 9).
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for.
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasUnstorableCharacters(text: string): boolean {
  return UNSAFE.test(text);
}

/** Control characters have no place in identifiers (token subjects, keys). */
export function hasControlCharacters(text: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for.
  return /[\u0000-\u001f\u007f]/.test(text);
}
