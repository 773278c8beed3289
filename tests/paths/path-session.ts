/**
 * A generated path opened for a developer (issue 27 item 3, decision 210): `npm run dev`, then
 * `/?inspect&path=<id>`. The dev server answers `/__paths/<id>` with this plan (server/dev.ts); the
 * app, in development only, starts the Stately inspector and prints the plan (src/app/inspector.ts),
 * so the developer walks the path's steps with the path's data and watches the machines take them.
 */
import { isBusinessDomain, type BusinessDomain } from '../../core/domain/business-domains';
import { PROCESS_DEFINITIONS, type ProcessDefinitionId } from '../../server/process/process-definitions';
import { pathLine, productPaths, stepData, stepName, type FlowPath } from './flow-paths';

export interface PathSessionStep {
  /** The task as `--list` names it (`co:` a co-borrower's). */
  task: string;
  /** The step's answers on this path, from its contract's example (undefined: a page without questions). */
  data: Record<string, unknown> | undefined;
}

export interface PathSession {
  id: string;
  line: string;
  domain: BusinessDomain;
  productName: string;
  /** The page the path starts at: the app's first page (the path's first step answers it). */
  start: string;
  steps: PathSessionStep[];
  /** Set when the dev server serves another domain than the path's: how to restart it. */
  restart?: string;
}

export class UnknownPathError extends Error {}

/** The path named `id` (`process/domain/product/conditions`), generated for its product only. */
export function findPath(id: string): FlowPath {
  const [process, domain, productName] = id.split('/');
  if (!process || !(process in PROCESS_DEFINITIONS) || !domain || !isBusinessDomain(domain) || !productName) {
    throw new UnknownPathError(`No path "${id}": an id is process/domain/product/conditions, as \`npm run test:paths -- --list\` and docs/processes/ show them.`);
  }
  const found = productPaths(process as ProcessDefinitionId, domain, productName).find((each) => each.id === id);
  if (!found) throw new UnknownPathError(`No path "${id}" among the paths of ${process} ${domain} ${productName} (\`npm run test:paths -- --list --grep ${productName}\`).`);
  return found;
}

/** The plan a developer follows to watch `id` walked, on a dev server serving `servedDomain`. */
export function pathSession(id: string, servedDomain: BusinessDomain): PathSession {
  const path = findPath(id);
  return {
    id: path.id,
    line: pathLine(path),
    domain: path.domain,
    productName: path.productName,
    start: '/',
    steps: path.steps.map((step) => ({ task: stepName(step), data: stepData(path, step)?.values })),
    ...(path.domain === servedDomain ? {} : { restart: `BUSINESS_DOMAIN=${path.domain} npm run dev` }),
  };
}

/** The dev server's answer to `/__paths/<id>` (server/dev.ts): the plan, or 404 naming what is wrong. */
export function pathPlanResponse(id: string, servedDomain: string): { status: number; body: string } {
  try {
    const domain = isBusinessDomain(servedDomain) ? servedDomain : 'retail-banking-ee';
    return { status: 200, body: JSON.stringify(pathSession(id, domain)) };
  } catch (error) {
    if (error instanceof UnknownPathError) return { status: 404, body: error.message };
    throw error;
  }
}
