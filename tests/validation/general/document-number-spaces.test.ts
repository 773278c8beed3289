import { describe, expect, it } from 'vitest';
import { identityDocumentNumberSchema } from '../../../core/validation/general/identity-document';
import { MESSAGES } from '../../../core/validation/messages';
import { firstMessage, output } from '../support';

// Decision 245: a document number typed with spaces, as printed in groups.

describe('an identity document number typed with spaces', () => {
  it('drops every space, runs of them and tabs included', () => {
    expect(output(identityDocumentNumberSchema(), 'ab  012\t3456')).toBe('AB0123456');
    expect(output(identityDocumentNumberSchema(), ' k 1 2 3 4 5 6 7 ')).toBe('K1234567');
    expect(firstMessage(identityDocumentNumberSchema(), '   ')).toBe(MESSAGES.required);
    expect(firstMessage(identityDocumentNumberSchema(), 'ab 12')).toBe(MESSAGES.documentNumberInvalid);
  });
});
