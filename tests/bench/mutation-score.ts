/**
 * The bench report's quick per-file mutation scores (issue 27 item 4, decisions 205 and 218): read
 * from the JSON reports (the mutation-testing-report schema) of a plain Stryker run (`npx stryker
 * run tests/mutation/stryker.config.mjs`) and of the runs of one file each (`npm run
 * test:mutation:file`, `.tmp/mutation/files/`), never run by the bench itself. Each file is taken
 * from the newest report that has it. The whole set's score is `tests/mutation/whole-run.ts`'s
 * (decision 237), printed by the bench above these.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const MUTATION_REPORT = '.tmp/mutation/mutation.json';
/** One report per file run (`tests/mutation/run-file.ts`). */
export const MUTATION_FILE_REPORTS = '.tmp/mutation/files';
/** The whole set's plan, counted without testing a mutant (`npm run test:mutation:size`, decision 232). */
export const MUTATION_PLAN = '.tmp/mutation/plan.json';

type MutantStatus = 'Killed' | 'Timeout' | 'Survived' | 'NoCoverage' | 'CompileError' | 'RuntimeError' | 'Ignored' | 'Pending';

interface MutationReport {
  files: Record<string, { mutants: { status: MutantStatus }[] }>;
  thresholds?: { break?: number | null };
}

export interface MutationScore {
  file: string;
  killed: number;
  survived: number;
  noCoverage: number;
  /** Killed (timeouts count as killed) over the mutants that ran or had no test: Stryker's score. */
  score: number;
}

function scoreOf(file: string, statuses: MutantStatus[]): MutationScore {
  const killed = statuses.filter((status) => status === 'Killed' || status === 'Timeout').length;
  const survived = statuses.filter((status) => status === 'Survived').length;
  const noCoverage = statuses.filter((status) => status === 'NoCoverage').length;
  const valid = killed + survived + noCoverage;
  return { file, killed, survived, noCoverage, score: valid === 0 ? 100 : (killed / valid) * 100 };
}

/** The total first, then each file from the lowest score up. */
export function mutationScores(report: MutationReport): { total: MutationScore; files: MutationScore[]; threshold: number | null } {
  const files = Object.entries(report.files)
    .map(([file, { mutants }]) => scoreOf(file, mutants.map((mutant) => mutant.status)))
    .sort((a, b) => a.score - b.score || a.file.localeCompare(b.file));
  const all = Object.values(report.files).flatMap(({ mutants }) => mutants.map((mutant) => mutant.status));
  return { total: scoreOf('All files', all), files, threshold: report.thresholds?.break ?? null };
}

/** The whole run's report and the per-file ones that exist, newest first. */
export function mutationReportPaths(reportPath = MUTATION_REPORT, fileReports = MUTATION_FILE_REPORTS): string[] {
  const perFile = existsSync(fileReports)
    ? readdirSync(fileReports)
        .filter((name) => name.endsWith('.json') && !name.endsWith('.incremental.json'))
        .map((name) => path.join(fileReports, name))
    : [];
  return [reportPath, ...perFile].filter((file) => existsSync(file)).sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs || a.localeCompare(b));
}

/**
 * The reports merged: each file from the newest report that has it; the threshold of the newest
 * report that names one.
 */
export function mergeMutationReports(reports: readonly MutationReport[]): MutationReport {
  const files: MutationReport['files'] = {};
  let threshold: number | null = null;
  for (const report of reports) {
    for (const [file, result] of Object.entries(report.files)) if (!(file in files)) files[file] = result;
    if (threshold === null && typeof report.thresholds?.break === 'number') threshold = report.thresholds.break;
  }
  return { files, thresholds: { break: threshold } };
}

/**
 * How much of the configured set the reports cover, from the set's plan when there is one
 * (decision 232): per-file scores summed are not a whole run's until every file of the set is in.
 */
export function setCoverage(measured: readonly string[], planPath = MUTATION_PLAN): string | null {
  if (!existsSync(planPath)) return null;
  const plan = JSON.parse(readFileSync(planPath, 'utf8')) as { at?: string; files?: Record<string, { mutants: number; ignored: number }> };
  const files = Object.entries(plan.files ?? {});
  const mutants = (entries: typeof files) => entries.reduce((sum, [, file]) => sum + file.mutants - file.ignored, 0);
  const covered = files.filter(([file]) => measured.includes(file));
  return `${covered.length} of the set's ${files.length} files measured (${mutants(covered)} of its ${mutants(files)} mutants not ignored; its plan of ${plan.at ?? 'unknown date'})`;
}

/** The section's lines, or why there is none. */
export function mutationSection(reportPath = MUTATION_REPORT, worst = 10, fileReports = MUTATION_FILE_REPORTS, planPath = MUTATION_PLAN): string[] {
  const paths = mutationReportPaths(reportPath, fileReports);
  if (paths.length === 0) return [`no report at ${reportPath} nor in ${fileReports}/: run \`npm run test:mutation:file -- <file>\` first`];
  const merged = mergeMutationReports(paths.map((file) => JSON.parse(readFileSync(file, 'utf8')) as MutationReport));
  const { total, files, threshold } = mutationScores(merged);
  const line = (s: MutationScore) => `${s.score.toFixed(1).padStart(5)} %  ${String(s.killed).padStart(5)} killed ${String(s.survived).padStart(4)} survived ${String(s.noCoverage).padStart(4)} no test  ${s.file}`;
  const dates = paths.map((file) => statSync(file).mtime.toISOString());
  const when = paths.length === 1 ? `report of ${dates[0]}` : `${paths.length} reports of ${dates.at(-1)} to ${dates[0]}`;
  const below = threshold !== null && total.score < threshold ? ': below the threshold' : '';
  const coverage = setCoverage(files.map((score) => score.file), planPath);
  return [
    `${when}, ${files.length} file${files.length === 1 ? '' : 's'}, threshold ${threshold ?? 'none'} %${below}`,
    ...(coverage ? [coverage] : []),
    line(total),
    ...files.slice(0, worst).map(line),
  ];
}
