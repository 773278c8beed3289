/**
 * Issue 23 (decision 176): the data keys the tests' production servers and test apps run with. Fixed
 * (a server restarted on the same directory must open its data) and public: tests only. They are not
 * the development keys, which production refuses.
 */
export const TEST_DATA_KEYS_ENV = {
  DATA_KEYS: 'test1:dGVzdHMtb25seS1kYXRhLWtleS1ub3QtZm9yLXVzZSE=',
  DATA_HASH_KEY: 'dGVzdHMtb25seS1sb29rdXAtaGFzaC1rZXktbm90LWZvci11c2U=',
} as const;
