import { randomBytes } from 'node:crypto';

/**
 * A secret of this test run's own (issue 23, decision 177): outside test mode start-up refuses every
 * value ever written in the project, so a test of production or of a demonstration makes one.
 */
export function freshSecret(): string {
  return randomBytes(32).toString('base64url');
}
