import { describe, expect, it } from 'vitest';
import { MESSAGES, messageWithValues, splitMessage } from '../../core/validation/messages';

/** Decision 247: a message text with values splits back into its key and values (the client shows them). */
describe('splitMessage', () => {
  it('returns the key and values messageWithValues put together', () => {
    const text = messageWithValues(MESSAGES.amountOutOfRange, { minEur: 500, maxEur: 15000 });
    expect(splitMessage(text)).toEqual({ key: 'validation.messages.amountOutOfRange', values: { minEur: '500', maxEur: '15000' } });
  });

  it('a plain key has no values; a text opening with ? has an empty key', () => {
    expect(splitMessage('validation.messages.required')).toEqual({ key: 'validation.messages.required', values: {} });
    expect(splitMessage('?years=14')).toEqual({ key: '', values: { years: '14' } });
  });
});
