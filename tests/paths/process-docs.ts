/**
 * `npm run processes:diagrams` (issue 27 item 3, decision 210): `docs/processes/` from the same
 * paths `npm run test:paths` replays (tests/paths/flow-paths.ts). Each process's file keeps the
 * definition's state diagram (server/process/process-diagram.ts) and adds the picture of its paths:
 * every move from one task to the next that some path takes, with how many paths take it, and the
 * paths' ids per domain and product. `processDocsStale()` regenerates in memory and compares, so a
 * test fails when the committed files are stale.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DIAGRAMS_DIR, expectedDiagrams } from '../../server/process/process-diagram';
import type { ProcessDefinitionId } from '../../server/process/process-definitions';
import type { WalkedStep } from '../../server/process/process-paths';
import { allFlowPaths, stepName, type FlowPath } from './flow-paths';

/** Mermaid ids cannot contain dots. */
const nodeId = (step: WalkedStep) => `${step.role === 'COBORROWER' ? 'co_' : ''}${step.state.replace(/[^A-Za-z0-9_]/g, '_')}`;

/**
 * The Mermaid flowchart of the paths: a node per task the paths reach (a final page rounded), an
 * edge per move some path takes, labelled with the number of paths that take it. Nodes and edges
 * in the order the paths first meet them, so the picture reads as the straight path first.
 */
export function pathsFlowchart(paths: readonly FlowPath[]): string {
  const nodes = new Map<string, WalkedStep>();
  const edges = new Map<string, number>();
  for (const flowPath of paths) {
    const seen = new Set<string>();
    flowPath.steps.forEach((step, index) => {
      if (!nodes.has(nodeId(step))) nodes.set(nodeId(step), step);
      const previous = flowPath.steps[index - 1];
      if (!previous) return;
      const edge = `${nodeId(previous)} --> ${nodeId(step)}`;
      // A path that polls a wait takes the same move twice: it counts once.
      if (seen.has(edge)) return;
      seen.add(edge);
      edges.set(edge, (edges.get(edge) ?? 0) + 1);
    });
  }
  const lines = ['flowchart TD'];
  for (const [id, step] of nodes) lines.push(step.final ? `  ${id}(["${stepName(step)}"])` : `  ${id}["${stepName(step)}"]`);
  for (const [edge, count] of edges) {
    const [from, to] = edge.split(' --> ');
    lines.push(`  ${from} -->|${count}| ${to}`);
  }
  return lines.join('\n');
}

/** The paths section of one process's file. */
export function pathsMarkdown(paths: readonly FlowPath[]): string[] {
  if (paths.length === 0) return [];
  const byProduct = new Map<string, FlowPath[]>();
  for (const flowPath of paths) {
    const key = `${flowPath.domain} ${flowPath.productName}`;
    byProduct.set(key, [...(byProduct.get(key) ?? []), flowPath]);
  }
  const products = [...byProduct.entries()].map(([key, list]) => {
    const [domain, productName] = key.split(' ');
    const tasks = new Set(list.flatMap((flowPath) => flowPath.steps.map(stepName)));
    return `| ${domain} | ${productName} | ${list.length} | ${tasks.size} |`;
  });
  const ids = [...byProduct.entries()].flatMap(([key, list]) => [
    `<details><summary>${key}: ${list.length} paths</summary>`,
    '',
    ...list.map((flowPath) => `- \`${flowPath.id}\` (${flowPath.steps.length} steps)`),
    '',
    '</details>',
    '',
  ]);
  return [
    '',
    '## Paths (`npm run test:paths`)',
    '',
    `Generated from the ${paths.length} paths of \`tests/paths/flow-paths.ts\`, the ones \`npm run test:paths\``,
    'replays: each box a task some path reaches (rounded: the process ends there; `co:` the',
    "co-borrower's), each arrow a move from one task to the next that some path takes, with the number",
    'of paths that take it. `npm run test:paths -- --list --grep <id>` prints a path\'s tasks;',
    '`npm run dev` and `/?inspect&path=<id>` opens it with the Stately inspector (README, "Testing the flows").',
    '',
    '```mermaid',
    pathsFlowchart(paths),
    '```',
    '',
    '| Domain | Product | Paths | Tasks reached |',
    '| --- | --- | --- | --- |',
    ...products,
    '',
    ...ids,
  ];
}

/** Every file of `docs/processes/`: the definition's diagram and the picture of its paths. */
export function expectedProcessDocs(paths: readonly FlowPath[] = allFlowPaths().paths): Record<string, string> {
  // Of all the paths, made once: the test of the pictures and its test of their path ids read the
  // same (about 5 s of processor time each, decision 214).
  const all = paths === allFlowPaths().paths;
  if (all && docsOfAllPaths) return docsOfAllPaths;
  const docs = expectedDiagrams((id: ProcessDefinitionId) => pathsMarkdown(paths.filter((flowPath) => flowPath.process === id)));
  if (all) docsOfAllPaths = docs;
  return docs;
}

let docsOfAllPaths: Record<string, string> | undefined;

/** The committed files that differ from what the definitions and their paths generate now. */
export function processDocsStale(): string[] {
  return Object.entries(expectedProcessDocs())
    .filter(([file, text]) => !existsSync(file) || readFileSync(file, 'utf8') !== text)
    .map(([file]) => path.relative(process.cwd(), file));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  mkdirSync(DIAGRAMS_DIR, { recursive: true });
  for (const [file, text] of Object.entries(expectedProcessDocs())) {
    if (!existsSync(file) || readFileSync(file, 'utf8') !== text) {
      writeFileSync(file, text);
      console.info(`wrote ${path.relative(process.cwd(), file)}`);
    }
  }
}
