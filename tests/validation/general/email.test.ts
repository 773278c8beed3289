import { describe, expect, it } from 'vitest';
import { emailSchema, MISTYPED_EMAIL_ENDINGS } from '../../../core/validation/general/email';
import { MESSAGES } from '../../../core/validation/messages';
import { firstMessage, output } from '../support';

describe('emailSchema (section 5, General: e-mail)', () => {
  // Built inside each test, so mutation testing credits the test with what the building runs (decision 241).
  const schema = () => emailSchema();

  it('is required and trimmed', () => {
    expect(firstMessage(schema(), '')).toBe(MESSAGES.required);
    expect(firstMessage(schema(), '  ')).toBe(MESSAGES.required);
    expect(output(schema(), '  mari.tamm@example.ee ')).toBe('mari.tamm@example.ee');
  });

  it('accepts standard addresses', () => {
    for (const email of ['a@b.ee', 'janis@inbox.lv', 'first.last+tag@sub.example.com', 'x_y@gmail.com']) {
      expect(firstMessage(schema(), email)).toBeUndefined();
    }
  });

  it('refuses what is not an address', () => {
    for (const email of ['mari', 'mari@', '@example.com', 'mari@example', 'mari@@example.com', 'ma ri@example.com', 'mari..tamm@example.com', 'mari@example.c0m']) {
      expect(firstMessage(schema(), email)).toBe(MESSAGES.emailInvalid);
    }
    expect(firstMessage(schema(), `${'a'.repeat(245)}@example.com`)).toBe(MESSAGES.emailInvalid);
  });

  it('accepts an address of exactly 254 characters, the longest', () => {
    const longest = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.ee`;
    expect(longest).toHaveLength(254);
    expect(firstMessage(schema(), longest)).toBeUndefined();
    expect(firstMessage(schema(), `a${longest}`)).toBe(MESSAGES.emailInvalid);
  });

  it('names the most precise mistake when an address has several', () => {
    expect(firstMessage(schema(), 'mari.@gmial.con')).toBe(MESSAGES.emailDotBeforeAt);
    expect(firstMessage(schema(), 'mari@gmail.con')).toBe(MESSAGES.emailGmailNotCom);
    expect(firstMessage(schema(), 'mari@gmial.con')).toBe(MESSAGES.emailHostMisspelt);
    expect(firstMessage(schema(), 'ma ri@example.con')).toBe(MESSAGES.emailEndingMisspelt);
  });

  it('refuses a dot before @', () => {
    expect(firstMessage(schema(), 'mari.@example.com')).toBe(MESSAGES.emailDotBeforeAt);
  });

  it('refuses misspelt mail hosts', () => {
    for (const email of ['mari@gmial.com', 'mari@hotmial.com', 'mari@yaho.com', 'mari@outlok.com', 'mari@inbx.lv']) {
      expect(firstMessage(schema(), email)).toBe(MESSAGES.emailHostMisspelt);
    }
  });

  it.each(MISTYPED_EMAIL_ENDINGS)('refuses the ending .%s', (ending) => {
    expect(firstMessage(schema(), `mari@example.${ending}`)).toBe(MESSAGES.emailEndingMisspelt);
  });

  it('accepts real endings that resemble the typos', () => {
    for (const email of ['mari@example.com', 'mari@example.ru', 'mari@example.ee', 'mari@example.co', 'mari@example.io']) {
      expect(firstMessage(schema(), email)).toBeUndefined();
    }
  });

  it('a gmail address must end in .com', () => {
    expect(firstMessage(schema(), 'mari@gmail.com')).toBeUndefined();
    expect(firstMessage(schema(), 'mari@GMAIL.COM')).toBeUndefined();
    expect(firstMessage(schema(), 'mari@gmail.ee')).toBe(MESSAGES.emailGmailNotCom);
    expect(firstMessage(schema(), 'mari@gmail.co')).toBe(MESSAGES.emailGmailNotCom);
  });
});
