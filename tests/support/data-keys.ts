import { randomBytes } from 'node:crypto';

/**
 * Issue 23 (decisions 176 and 177): the data keys the tests' production servers and test apps run
 * with. Drawn afresh by each test process, never written down: a key written in the project is
 * published, and production refuses it. Every app and child server a test process starts gets the
 * same pair, so a server restarted on the same directory opens its data.
 */
export const TEST_DATA_KEYS_ENV = {
  DATA_KEYS: `test1:${randomBytes(32).toString('base64')}`,
  DATA_HASH_KEY: randomBytes(32).toString('base64'),
} as const;
