import * as v from 'valibot';
import { MESSAGES } from '../validation/messages';

/**
 * The formats of the ids the API hands out (issue 23 item 5; docs/decisions/178): applications'
 * external ids, documents' and contract files' ids are random UUIDs in lower case (`randomUUID()`),
 * a loan's own contract file is `contract-<external id>`. Anything else cannot name a thing, so it
 * is refused before the database is asked.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const FILE_SERVICE_ID_PATTERN = /^(contract-)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const isExternalId = (value: string): boolean => UUID_PATTERN.test(value);

// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * An application's external id in a query or a JSON body. What PostgreSQL cannot store (NUL, a lone
 * surrogate) is a field error (422); any other string that is not an external id is looked up as
 * nothing and answered as an unknown id is (404: server/applications/application-repository.ts).
 */
export const ExternalIdSchema = v.pipe(
  v.string(MESSAGES.choiceInvalid),
  v.maxLength(64, MESSAGES.choiceInvalid),
  v.check((value) => !UNSTORABLE.test(value), MESSAGES.textInvalidCharacters),
);
