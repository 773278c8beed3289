import { describe, expect, it } from 'vitest';
import { typedPercentSchema } from '../../../core/validation/general/interest-rate';
import { MESSAGES } from '../../../core/validation/messages';
import { firstMessage, output } from '../support';

// Decision 245: a "%" typed after a rate, with or without spaces before it, and only after it.

const bounds = { min: 0, max: 100 };

describe('a typed interest rate with a "%" sign', () => {
  it('takes the sign right after the number or after spaces', () => {
    expect(output(typedPercentSchema('en', bounds), '4.5%')).toBe(4.5);
    expect(output(typedPercentSchema('et', bounds), '4,5%')).toBe(4.5);
    expect(output(typedPercentSchema('en', bounds), '4.5  %')).toBe(4.5);
  });

  it('refuses a sign before the number or inside it', () => {
    expect(firstMessage(typedPercentSchema('en', bounds), '%4.5')).toBe(MESSAGES.percentInvalid);
    expect(firstMessage(typedPercentSchema('en', bounds), '4%5')).toBe(MESSAGES.percentInvalid);
    expect(firstMessage(typedPercentSchema('en', bounds), '4.5%%')).toBe(MESSAGES.percentInvalid);
  });
});
