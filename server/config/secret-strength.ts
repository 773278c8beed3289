/**
 * How much a guesser would have to try to find a secret: a deliberately simple, conservative
 * estimate (issue 23; docs/decisions/177-secrets-session-limit-and-the-data-directory-lock.md). Two readings of the text,
 * the lower one counts:
 *
 * 1. **As characters with repeats.** Each character is worth log2 of the alphabet its classes span
 *    (hexadecimal 16; lower case 26, upper case 26, digits 10, punctuation 2 when only one or two
 *    marks occur, else 33; anything beyond ASCII 100). A stretch of five or more characters that
 *    already occurred earlier costs only what pointing back at it does, log2(position) +
 *    log2(length) bits (an LZ77 parse): `xxxx…`, `abab…` and a pattern said twice are worth little.
 * 2. **As words.** Outside hexadecimal, the text is cut into letter runs (at case changes too),
 *    digit runs and single marks. When runs that read like words (4 to 12 letters of one case, or
 *    capitalised, whose letter pairs are nearly all among English's 200 commonest) make up at least
 *    half the text, it is a phrase: each such word is worth 16 bits (a 65,536-word dictionary, more
 *    than a diceware list), each mark log2 of the number of distinct marks. Runs counting up or
 *    down (`abcdef`, `12345`) are worth their first character and their length, phrase or not.
 *
 * Measured on 20,000 samples each: keys of 24 or more random bytes in base64, base64url or hex, and
 * 32 random letters and digits, all estimate above 140 bits; a UUIDv4 above 128; 16 random bytes in
 * hex reach 128 except when five characters happen to repeat (about 1 in 2,500). The project's own
 * phrase-like test secrets estimate 101 to 135 bits; repeated characters and patterns under 50.
 */
export const MIN_SECRET_BITS = 128;

const log2 = Math.log2;
const MIN_REPEAT = 5;
const WORD_BITS = 16;

/** The 200 commonest letter pairs of English text (Peter Norvig's counts over Google Books), most common first. */
const COMMON_PAIRS = new Set(
  (
    'th he in er an re on at en nd ti es or te of ed is it al ar st to nt ng se ha as ou io le ve co me de hi ri ro ic ne ea ra ce ' +
    'li ch ll be ma si om ur ca el ta la ns di fo ho pe ec pr no ct us ac ot il tr ly nc et ut ss so rs un lo wa ge ie wh ee wi em ad ' +
    'ol rt po we na ul ni ts mo ow pa im mi ai sh ir su id os iv ia am fi ci vi pl ig tu ev ld ry mp fe bl ab gh ty op wo sa ay ex ke ' +
    'fr oo av ag if ap gr od bo sp rd do uc bu ei ov by rm ep tt oc fa ef cu rn sc gi da yo cr cl du ga qu ue ff ba ey ls va um pp ua ' +
    'up lu go ht ru ug ds lt pi rc rr eg au ck ew mu br bi pt ak pu ui rg ib tl ny ki rk ys ob mm fu ph og ms ye ud mb ip ub oi rl gu'
  ).split(' '),
);

const isHex = (value: string) => /^[0-9a-f-]+$/.test(value) || /^[0-9A-F-]+$/.test(value);

/** How many characters each character of `value` could have been, judged by the classes it uses. */
function alphabetOf(value: string): number {
  if (isHex(value)) return 16 + (value.includes('-') ? 1 : 0);
  let size = 0;
  if (/[a-z]/.test(value)) size += 26;
  if (/[A-Z]/.test(value)) size += 26;
  if (/[0-9]/.test(value)) size += 10;
  const marks = new Set(value.replace(/[A-Za-z0-9]|[^\x20-\x7e]/gu, ''));
  if (marks.size > 0) size += marks.size <= 2 ? 2 : 33;
  if (/[^\x20-\x7e]/u.test(value)) size += 100;
  return Math.max(size, 2);
}

/** Reading 1: characters at the alphabet's worth, earlier repeats at the cost of pointing back. */
function characterBits(chars: readonly string[], literal: number): number {
  let bits = 0;
  for (let at = 0; at < chars.length; ) {
    let longest = 0;
    for (let start = 0; start < at; start++) {
      let length = 0;
      while (at + length < chars.length && chars[start + length] === chars[at + length]) length++;
      longest = Math.max(longest, length);
    }
    if (longest >= MIN_REPEAT) {
      bits += Math.min(longest * literal, log2(at) + log2(chars.length));
      at += longest;
    } else {
      bits += literal;
      at += 1;
    }
  }
  return bits;
}

function isWordLike(token: string): boolean {
  if (token.length < 4 || token.length > 12) return false;
  if (!/^[a-z]+$/.test(token) && !/^[A-Z][a-z]+$/.test(token) && !/^[A-Z]+$/.test(token)) return false;
  const lower = token.toLowerCase();
  let common = 0;
  for (let at = 1; at < lower.length; at++) if (COMMON_PAIRS.has(lower.slice(at - 1, at + 1))) common++;
  return common >= 0.8 * (lower.length - 1);
}

function isRun(token: string): boolean {
  if (token.length < 3) return false;
  const codes = [...token].map((char) => char.codePointAt(0)!);
  const step = codes[1]! - codes[0]!;
  return Math.abs(step) === 1 && codes.every((code, at) => at === 0 || code - codes[at - 1]! === step);
}

/** Reading 2: words, runs and marks. */
function wordBits(value: string, literal: number): number {
  if (isHex(value)) return Infinity;
  const tokens = value.match(/[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+|[^A-Za-z0-9]/gu) ?? [];
  const phrase = tokens.filter(isWordLike).join('').length * 2 >= value.length;
  const marks = new Set(tokens.filter((token) => !/^[A-Za-z0-9]+$/.test(token)));
  const markBits = phrase ? Math.min(literal, log2(Math.max(2, marks.size))) : literal;
  let bits = 0;
  for (const token of tokens) {
    if (!/^[A-Za-z0-9]+$/.test(token)) {
      bits += markBits;
      continue;
    }
    let worth = token.length * literal;
    if (isRun(token)) worth = Math.min(worth, literal + log2(token.length) + 1);
    if (phrase && isWordLike(token)) worth = Math.min(worth, WORD_BITS + (/^[A-Z][a-z]/.test(token) ? 1 : 0));
    bits += worth;
  }
  return bits;
}

/** The estimated bits of a secret (see above); compare with MIN_SECRET_BITS. */
export function estimateSecretBits(value: string): number {
  const literal = log2(alphabetOf(value));
  return Math.min(characterBits([...value], literal), wordBits(value, literal));
}
