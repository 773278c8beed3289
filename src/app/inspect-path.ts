/**
 * Development only (imported from the `import.meta.env.DEV` branch of ./inspector.ts, so never in a
 * production bundle): `/?inspect&path=<id>` asks the dev server (server/dev.ts, `/__paths/<id>`)
 * for the generated path's plan (tests/paths/path-session.ts) and prints it, the steps in order
 * with the data each one takes, so the developer walks the path while the inspector shows the
 * machines taking it.
 */
export interface PathPlan {
  id: string;
  line: string;
  process: string;
  domain: string;
  productName: string;
  conditions: string[];
  start: string;
  steps: { task: string; role: 'APPLICANT' | 'COBORROWER'; final: boolean; data: Record<string, unknown> | undefined }[];
  restart?: string;
}

export interface PathConsole {
  info: (...values: unknown[]) => void;
  table: (rows: unknown[]) => void;
  error: (...values: unknown[]) => void;
}

/** The plan of the path `?path=` names, printed; undefined without `path` or when the server knows no such path. */
export async function announcePath(
  search: string,
  fetcher: (url: string) => Promise<Response> = (url) => fetch(url),
  out: PathConsole = console,
): Promise<PathPlan | undefined> {
  const id = new URLSearchParams(search).get('path');
  if (!id) return undefined;
  const response = await fetcher(`/__paths/${encodeURIComponent(id)}`);
  if (!response.ok) {
    out.error(`[path] ${await response.text()}`);
    return undefined;
  }
  const plan = (await response.json()) as PathPlan;
  if (plan.restart) out.error(`[path] ${plan.id} is a path of ${plan.domain}: restart the dev server with \`${plan.restart}\`.`);
  out.info(`[path] ${plan.line}`);
  out.table(plan.steps.map((step, index) => ({ step: index + 1, task: step.task, data: step.data ? JSON.stringify(step.data) : '' })));
  return plan;
}
