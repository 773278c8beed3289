/**
 * BENCH_SMOKE=1 (`npm run bench:smoke`, a stage of `npm test`, decision 198): the whole bench with
 * tiny durations, one run of each part, and Lighthouse's smoke audits, so a change to the flow that
 * breaks a part fails `npm test` instead of the next person's `npm run bench`. The figures of a smoke
 * run mean nothing. An environment variable set outright still wins. Imported first by bench.ts: the
 * other bench modules read their settings when they load.
 */
export const SMOKE = process.env.BENCH_SMOKE === '1';

const SMOKE_SETTINGS: Record<string, string> = {
  BENCH_SECONDS: '1',
  BENCH_CALC_SECONDS: '1',
  BENCH_FLOOD_SECONDS: '1',
  BENCH_UPLOAD_CYCLES: '1',
  BENCH_BROWSER_RUNS: '1',
  BENCH_BROWSER_READING_MS: '200',
  LIGHTHOUSE_RUNS: '1',
  LIGHTHOUSE_AUDITS: 'smoke',
};

if (SMOKE) for (const [name, value] of Object.entries(SMOKE_SETTINGS)) process.env[name] ??= value;
