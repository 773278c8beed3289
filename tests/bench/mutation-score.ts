/**
 * The bench report's mutation score (issue 27 item 4, decision 205): read from the last
 * `npm run test:mutation`'s JSON report (the mutation-testing-report schema), never run by the
 * bench itself (a whole run takes far longer than the bench).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';

export const MUTATION_REPORT = '.tmp/mutation/mutation.json';

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

/** The section's lines, or why there is none. */
export function mutationSection(reportPath = MUTATION_REPORT, worst = 10): string[] {
  if (!existsSync(reportPath)) return [`no report at ${reportPath}: run \`npm run test:mutation\` first`];
  const { total, files, threshold } = mutationScores(JSON.parse(readFileSync(reportPath, 'utf8')) as MutationReport);
  const line = (s: MutationScore) => `${s.score.toFixed(1).padStart(5)} %  ${String(s.killed).padStart(5)} killed ${String(s.survived).padStart(4)} survived ${String(s.noCoverage).padStart(4)} no test  ${s.file}`;
  return [
    `report of ${statSync(reportPath).mtime.toISOString()}, ${files.length} files, threshold ${threshold ?? 'none'} %`,
    line(total),
    ...files.slice(0, worst).map(line),
  ];
}
