/**
 * Issue 23 item 8 (decision 179): an upload's file name is stored and shown normalised, the same on
 * the server and in the client's list.
 */
import { describe, expect, it } from 'vitest';
import { NEUTRAL_FILE_NAME, normaliseFileName } from '../../../core/validation/uploads/file-name';
import { FILE_NAME_MAX_LENGTH } from '../../../core/validation/uploads/limits';

describe('normaliseFileName', () => {
  it('keeps an ordinary name as it is', () => {
    expect(normaliseFileName('Statement March 2026.pdf')).toBe('Statement March 2026.pdf');
    expect(normaliseFileName('väljavõte_P&L-2026.PDF')).toBe('väljavõte_P&L-2026.PDF');
    expect(normaliseFileName('выписка.pdf')).toBe('выписка.pdf');
  });

  it('composes to NFC', () => {
    const decomposed = 'va\u0308ljavo\u0303te.pdf';
    expect(normaliseFileName(decomposed)).toBe('väljavõte.pdf');
    expect(normaliseFileName(decomposed)).toBe(normaliseFileName(decomposed).normalize('NFC'));
  });

  it.each([
    ['NUL', 'statement\u0000.pdf', 'statement.pdf'],
    ['NUL before a second extension', 'evil.exe\u0000.pdf', 'evil.exe.pdf'],
    ['a C0 control', 'sta\u0007tement.pdf', 'statement.pdf'],
    ['the escape character', '\u001b[31mred.pdf', '[31mred.pdf'],
    ['DEL', 'state\u007fment.pdf', 'statement.pdf'],
    ['a C1 control', 'state\u0085ment\u009b.pdf', 'statement.pdf'],
  ])('strips %s', (_what, raw, expected) => {
    expect(normaliseFileName(raw)).toBe(expected);
  });

  it.each([
    ['a right-to-left override', 'invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['a left-to-right override', '\u202Dstatement.pdf', 'statement.pdf'],
    ['embeddings and the pop', '\u202Astate\u202Bment\u202C.pdf', 'statement.pdf'],
    ['isolates', '\u2066state\u2067ment\u2068\u2069.pdf', 'statement.pdf'],
    ['the directional marks', '\u200Estate\u200Fment\u061C.pdf', 'statement.pdf'],
    ['zero-width characters and a BOM', '\uFEFFstate\u200Bment\u200D.pdf', 'statement.pdf'],
  ])('strips %s', (_what, raw, expected) => {
    expect(normaliseFileName(raw)).toBe(expected);
  });

  it('removes markup and path characters', () => {
    expect(normaliseFileName('<script>alert(1)</script>.pdf')).toBe('scriptalert(1)script.pdf');
    expect(normaliseFileName('"onmouseover=\'x\'`.pdf')).toBe('onmouseover=x.pdf');
    expect(normaliseFileName('../../etc/passwd.pdf')).toBe('etcpasswd.pdf');
    expect(normaliseFileName('C:\\Users\\mari\\scan.png')).toBe('CUsersmariscan.png');
    expect(normaliseFileName('what?|*.jpg')).toBe('what.jpg');
  });

  it('collapses white space, line breaks and tabs among it, and trims spaces and dots', () => {
    expect(normaliseFileName('  my \t\n statement\u2028 \u00a0 march .pdf ')).toBe('my statement march.pdf');
    expect(normaliseFileName('...hidden.pdf')).toBe('hidden.pdf');
    expect(normaliseFileName('name. . .pdf')).toBe('name.pdf');
    expect(normaliseFileName('statement.pdf. . ')).toBe('statement.pdf');
  });

  it('keeps a name without a dot whole: it has no extension to split off', () => {
    expect(normaliseFileName('statement')).toBe('statement');
    expect(normaliseFileName('scan2026', 'pdf')).toBe('scan2026');
  });

  it('takes a name that is only an extension for an extension', () => {
    expect(normaliseFileName('.pdf')).toBe(`${NEUTRAL_FILE_NAME}.pdf`);
    expect(normaliseFileName(' . .png. ')).toBe(`${NEUTRAL_FILE_NAME}.png`);
  });

  it(`cuts to ${FILE_NAME_MAX_LENGTH} characters, keeping the extension`, () => {
    const name = normaliseFileName(`${'a'.repeat(300)}.pdf`);
    expect(name).toBe(`${'a'.repeat(FILE_NAME_MAX_LENGTH - 4)}.pdf`);
    expect(name).toHaveLength(FILE_NAME_MAX_LENGTH);
    expect(normaliseFileName('b'.repeat(300))).toBe('b'.repeat(FILE_NAME_MAX_LENGTH));
    expect(normaliseFileName(`${'a'.repeat(300)}.pdf. .`)).toBe(`${'a'.repeat(FILE_NAME_MAX_LENGTH - 4)}.pdf`);
  });

  it('never splits a character made of two UTF-16 units', () => {
    const name = normaliseFileName(`${'😀'.repeat(40)}.pdf`);
    expect(name.length).toBeLessThanOrEqual(FILE_NAME_MAX_LENGTH);
    expect(name).toBe(`${'😀'.repeat(28)}.pdf`);
  });

  it('falls back to a neutral name, by the detected type when the name has no extension', () => {
    expect(normaliseFileName('<>.pdf')).toBe(`${NEUTRAL_FILE_NAME}.pdf`);
    expect(normaliseFileName('\u0000\u202E', 'png')).toBe(`${NEUTRAL_FILE_NAME}.png`);
    expect(normaliseFileName('', 'pdf')).toBe(`${NEUTRAL_FILE_NAME}.pdf`);
    expect(normaliseFileName('   ')).toBe(NEUTRAL_FILE_NAME);
    expect(normaliseFileName('///', 'unknown type')).toBe(NEUTRAL_FILE_NAME);
  });

  it('is idempotent', () => {
    for (const raw of ['<b>x</b>\u0000.pdf', `${'c'.repeat(90)}.jpeg`, ' a . b .png', '\u202Egpj.exe']) {
      const once = normaliseFileName(raw);
      expect(normaliseFileName(once)).toBe(once);
    }
  });
});
