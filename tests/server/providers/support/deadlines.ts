/**
 * Deadlines the provider contract tests give an adapter. A call meant to succeed waits as a server
 * would under load (a CI run once timed out a simulator's happy path at 500 ms); only the call meant
 * to time out is cut short, against a simulated delay of SLOW_ANSWER_MS. No assertion is on speed.
 */
export const PATIENT_MS = 10_000;
export const SHORT_MS = 1_000;
export const SLOW_ANSWER_MS = 3_000;
