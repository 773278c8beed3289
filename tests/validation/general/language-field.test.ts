import { describe, expect, it } from 'vitest';
import { languageCodeSchema, languageFieldState } from '../../../core/validation/general/language-field';
import { MESSAGES } from '../../../core/validation/messages';
import { firstMessage, output } from '../support';

// Decision 245: section 5, "the language code field is shown only when more than one language is
// offered; with one it is set automatically".

describe('the language code field', () => {
  it('is shown for several languages, hidden and set for one, hidden when none is offered', () => {
    expect(languageFieldState(['et', 'ru'])).toEqual({ visible: true, value: undefined });
    expect(languageFieldState(['lt'])).toEqual({ visible: false, value: 'lt' });
    expect(languageFieldState([])).toEqual({ visible: false, value: undefined });
  });

  it('with one language, it is set to that one whether the field is left out or sent empty', () => {
    expect(output(languageCodeSchema(['lt']), undefined)).toBe('lt');
    expect(output(languageCodeSchema(['lt']), '')).toBe('lt');
    expect(firstMessage(languageCodeSchema(['lt']), 'ru')).toBe(MESSAGES.choiceInvalid);
  });

  it('with several, one of them is required: left out or empty, the message is "required"', () => {
    expect(firstMessage(languageCodeSchema(['et', 'ru']), undefined)).toBe(MESSAGES.required);
    expect(firstMessage(languageCodeSchema(['et', 'ru']), '')).toBe(MESSAGES.required);
    expect(output(languageCodeSchema(['et', 'ru']), 'ru')).toBe('ru');
    expect(firstMessage(languageCodeSchema(['et', 'ru']), 'lv')).toBe(MESSAGES.choiceInvalid);
  });
});
