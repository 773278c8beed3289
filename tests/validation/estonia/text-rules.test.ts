import { describe, expect, it } from 'vitest';
import { downPaymentOriginDescriptionSchema } from '../../../core/validation/estonia/text-rules';
import { MESSAGES } from '../../../core/validation/messages';
import { firstMessage } from '../support';

describe('the down payment’s origin, at its shortest (section 5, Estonia)', () => {
  it('two characters are enough, one is too few', () => {
    expect(firstMessage(downPaymentOriginDescriptionSchema(), 'ok')).toBeUndefined();
    expect(firstMessage(downPaymentOriginDescriptionSchema(), 'a')).toBe(MESSAGES.textLength2To512);
  });
});
