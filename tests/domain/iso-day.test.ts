/** A calendar day from the API as a long date in the reader's language (core/domain/iso-day.ts, the contract steps). */
import { afterEach, describe, expect, it } from 'vitest';
import { formatIsoDay } from '../../core/domain/iso-day';

describe('formatIsoDay', () => {
  it('writes the day as a long date in each language', () => {
    expect(formatIsoDay('2026-01-05', 'en')).toBe('5 January 2026');
    expect(formatIsoDay('2026-01-05', 'et')).toBe('5. jaanuar 2026');
    expect(formatIsoDay('2026-01-05', 'lv')).toBe('2026. gada 5. janvāris');
    expect(formatIsoDay('2026-01-05', 'lt')).toBe('2026 m. sausio 5 d.');
    expect(formatIsoDay('2026-01-05', 'ru')).toBe('5 января 2026 г.');
  });

  it('keeps the calendar day at the turn of a year and on a leap day', () => {
    expect(formatIsoDay('2025-12-31', 'en')).toBe('31 December 2025');
    expect(formatIsoDay('2028-02-29', 'en')).toBe('29 February 2028');
  });

  describe('wherever the reader’s device keeps its clock', () => {
    const zone = process.env.TZ;
    afterEach(() => {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    });
    // The day the bank named, not the day it is at that moment where the reader is (UTC−10 and UTC+14).
    it.each(['America/Adak', 'Pacific/Kiritimati', 'Europe/Riga'])('in %s', (timeZone) => {
      process.env.TZ = timeZone;
      expect(formatIsoDay('2026-01-01', 'en')).toBe('1 January 2026');
      expect(formatIsoDay('2025-12-31', 'lv')).toBe('2025. gada 31. decembris');
    });
  });
});
