import { CAMPAIGN_KEYS, type TrackingInput } from './tracking.schema';

/**
 * Issue 25 item 3 (docs/decisions/190): tracking never holds a personal code, an e-mail, a phone
 * number or a name. A value that looks like one is dropped (the rest is kept): an applicant is never
 * refused over analytics. What the rules see:
 * - an e-mail: an `@` (or its URL form `%40`);
 * - a personal code or a phone number: seven digits or more in a row, once spaces, hyphens,
 *   brackets and plus signs are taken out (Estonian and Lithuanian codes have 11 digits, Latvian
 *   6 + 5 with a hyphen, phone numbers of the three countries 7 to 8 after the prefix);
 * - a name, a code, an e-mail or a phone number the application's persons gave, when known: a word
 *   of the value equal to one of their names, or a name of four letters or more anywhere in it (case
 *   and accents aside), or their code, e-mail or
 *   phone digits anywhere in it. Before the applicant has typed a name it cannot be recognised as
 *   one: the first two rules still hold.
 */

export interface KnownPersonalData {
  names: readonly string[];
  codes: readonly string[];
  emails: readonly string[];
  phones: readonly string[];
}

export const NOTHING_KNOWN: KnownPersonalData = { names: [], codes: [], emails: [], phones: [] };

function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function digitsOf(text: string): string {
  return text.replace(/\D/g, '');
}

function words(text: string): string[] {
  return folded(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** An `@`, or seven digits in a row once separators are taken out. */
function looksLikeContactOrCode(value: string): boolean {
  if (value.includes('@') || /%40/i.test(value)) return true;
  return /\d{7,}/.test(value.replace(/[\s()+-]/g, ''));
}

function holdsKnown(value: string, known: KnownPersonalData): boolean {
  const valueWords = new Set(words(value));
  const text = folded(value);
  const letters = text.replace(/[^\p{L}]/gu, '');
  // A name of four letters or more anywhere (also run together with others: `x_MariMaasikas`), a shorter one as a word.
  const nameWords = known.names.flatMap(words).filter((word) => word.length >= 2);
  if (nameWords.some((word) => valueWords.has(word) || (word.length >= 4 && letters.includes(word)))) return true;
  if (known.emails.some((email) => email.trim() !== '' && text.includes(folded(email.trim())))) return true;
  const valueDigits = digitsOf(value);
  return [...known.codes, ...known.phones].map(digitsOf).some((digits) => digits.length >= 5 && valueDigits.includes(digits));
}

/** Whether a free text (a campaign value, the user agent, an ad click id) may be kept. */
export function looksPersonal(value: string, known: KnownPersonalData = NOTHING_KNOWN): boolean {
  return looksLikeContactOrCode(value) || holdsKnown(value, known);
}

/**
 * The tracking without anything that looks like personal data, and the paths of what was dropped.
 * Ids in a fixed format (the app's UUID, the web analytics id) are checked against what is known
 * only: their digits are random by construction.
 */
export function withoutPersonalData(tracking: TrackingInput, known: KnownPersonalData = NOTHING_KNOWN): { tracking: TrackingInput; dropped: string[] } {
  const dropped: string[] = [];
  const out: TrackingInput = { ...tracking };
  for (const key of CAMPAIGN_KEYS) {
    const value = out[key];
    if (value !== undefined && looksPersonal(value, known)) {
      delete out[key];
      dropped.push(key);
    }
  }
  if (out.userAgent !== undefined && looksPersonal(out.userAgent, known)) {
    delete out.userAgent;
    dropped.push('userAgent');
  }
  if (out.adClick && looksPersonal(out.adClick.id, known)) {
    delete out.adClick;
    dropped.push('adClick');
  }
  if (out.analyticsIds) {
    const ids = { ...out.analyticsIds };
    for (const key of ['app', 'webAnalytics'] as const) {
      const value = ids[key];
      if (value !== undefined && holdsKnown(value, known)) {
        delete ids[key];
        dropped.push(`analyticsIds.${key}`);
      }
    }
    if (Object.keys(ids).length) out.analyticsIds = ids;
    else delete out.analyticsIds;
  }
  return { tracking: out, dropped };
}
