/**
 * The fixtures of `e2e/fixtures.ts`, for tests of another business domain, other settings or
 * production mode: `test.use({ serverEnv: { BUSINESS_DOMAIN: ... } })`. The server options
 * (`serverEnv`, `withoutSandbox`, `ownServer`) live in fixtures.ts with the server itself
 * (decision 164: one server per worker and environment, reset between tests).
 */
export { calculatorModal, expect, expectNoA11yViolations, sandbox, test, testTheCalculator } from '../fixtures';
