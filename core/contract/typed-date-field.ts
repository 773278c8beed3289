/**
 * Decision 193: a date field typed as one text (the Latvian date of birth), apart from fields.ts so
 * that the steps without one do not load it.
 */
import * as v from 'valibot';
import { parseIsoDate } from '../validation/general/dates';
import { MESSAGES } from '../validation/messages';
import { valueField, type ValueField } from './fields';

/**
 * A date typed as text in the forms people write it (decision 193: `15.03.1985`, `150385`,
 * `1985-03-15`), read by `read` into yyyy-MM-dd (section 9); the server takes yyyy-MM-dd only and
 * applies `rule` to it. A saved wire value shows as dd.MM.yyyy.
 */
export function typedDate(path: string, read: v.GenericSchema<string, string>, rule: v.GenericSchema<string, string>): ValueField<string, string> {
  const wire = v.pipe(
    v.string(MESSAGES.required),
    v.nonEmpty(MESSAGES.required),
    v.check((text) => parseIsoDate(text) !== undefined, MESSAGES.dateInvalid),
    rule,
  );
  return valueField({
    path,
    control: 'typed-date',
    empty: '',
    read: () => v.pipe(read, wire),
    wire,
    show: (iso) => {
      const [year = '', month = '', day = ''] = iso.split('-');
      return year && month && day ? `${day}.${month}.${year}` : iso;
    },
  });
}

