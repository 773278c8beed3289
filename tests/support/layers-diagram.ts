/**
 * The picture of the layers in docs/architecture.md, drawn from the imports themselves: every
 * static import between two layers is counted, so the picture cannot drift from the code
 * (`npm run docs:layers` rewrites it; tests/lint/layers.test.ts fails when it is stale or when an
 * arrow points up).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importsOf, sourceFiles } from './source-imports';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ARCHITECTURE_DOC = path.join(REPO_ROOT, 'docs/architecture.md');

/**
 * The layers, top to bottom: a file belongs to the first layer one of whose patterns matches its
 * repository path. An import may point to its own layer or to one below it, never up.
 * `src/steps/_generated` appears twice: the step registry (metas and lazy views, for the app) sits
 * above the steps; the contracts index and the task keys (contracts only, for every side) below them.
 */
export const LAYERS = [
  { id: 'app', label: 'src/app', patterns: [/^src\/app\//] },
  { id: 'server', label: 'server/', patterns: [/^server\//] },
  { id: 'registry', label: 'step registry (src/steps/_generated)', patterns: [/^src\/steps\/_generated\/(registry\.gen|step-index\.gen|summaries\.gen|step-index\.generator)\.ts$/] },
  { id: 'steps', label: 'src/steps/&lt;taskKey&gt;/', patterns: [/^src\/steps\/[a-zA-Z]+\/(?!(?:[a-z-]+-)?contract\.ts$)/] },
  { id: 'features', label: 'src/features', patterns: [/^src\/features\//] },
  { id: 'kit', label: 'src/steps/_kit', patterns: [/^src\/steps\/_kit\//] },
  { id: 'components', label: 'src/components', patterns: [/^src\/components\//] },
  { id: 'i18n', label: 'src/i18n', patterns: [/^src\/i18n\//] },
  { id: 'api', label: 'src/api', patterns: [/^src\/api\//] },
  { id: 'machines', label: 'machines/ and *.machine.ts', patterns: [/^machines\//, /^src\/(steps|features)\/.+\.machine\.ts$/] },
  { id: 'contractsIndex', label: 'contracts index, task keys (src/steps/_generated)', patterns: [/^src\/steps\/_generated\//] },
  { id: 'stepContracts', label: 'src/steps/&lt;taskKey&gt;/contract.ts, *-contract.ts', patterns: [/^src\/steps\/[a-zA-Z]+\/(?:[a-z-]+-)?contract\.ts$/] },
  { id: 'wire', label: 'core/wire', patterns: [/^core\/wire\//] },
  { id: 'contract', label: 'core/contract', patterns: [/^core\/contract\//] },
  { id: 'validation', label: 'core/validation', patterns: [/^core\/validation\//] },
  { id: 'domain', label: 'core/domain', patterns: [/^core\/domain\//] },
] as const;

export type LayerId = (typeof LAYERS)[number]['id'];

/** Which layer a repository path belongs to. Machines are matched before the step folders they sit in. */
export function layerOf(file: string): LayerId | undefined {
  const machine = LAYERS.find((layer) => layer.id === 'machines')!;
  if (machine.patterns.some((pattern) => pattern.test(file))) return 'machines';
  return LAYERS.find((layer) => layer.patterns.some((pattern) => pattern.test(file)))?.id;
}

export type LayerEdges = Map<string, number>;

/** Counts the static imports (type-only ones too) from one layer into another, keyed `from>to`. */
export function layerEdges(root: string = REPO_ROOT): LayerEdges {
  const edges: LayerEdges = new Map();
  for (const top of ['core', 'machines', 'src', 'server']) {
    for (const file of sourceFiles(path.join(root, top), { withTests: false })) {
      const from = layerOf(path.relative(root, file));
      for (const target of importsOf(file)) {
        const to = layerOf(path.relative(root, target));
        if (!from || !to || from === to) continue;
        const key = `${from}>${to}`;
        edges.set(key, (edges.get(key) ?? 0) + 1);
      }
    }
  }
  return edges;
}

const RANK: Record<LayerId, number> = Object.fromEntries(LAYERS.map((layer, index) => [layer.id, index])) as Record<LayerId, number>;

/** Arrows that point up (to a layer above the importing one): there should be none. */
export function upwardEdges(edges: LayerEdges): string[] {
  return [...edges.keys()].filter((key) => {
    const [from, to] = key.split('>') as [LayerId, LayerId];
    return RANK[to] < RANK[from];
  });
}

/** The Mermaid picture: one box per layer, one arrow per pair of layers with the number of imports. */
export function layersDiagram(edges: LayerEdges): string {
  const lines = ['```mermaid', 'flowchart TD'];
  for (const layer of LAYERS) lines.push(`  ${layer.id}["${layer.label}"]`);
  lines.push('  subgraph kernel ["core/ (shared by every side)"]', '    wire', '    contract', '    validation', '    domain', '  end');
  const sorted = [...edges.entries()].sort(([a], [b]) => {
    const [af, at] = a.split('>') as [LayerId, LayerId];
    const [bf, bt] = b.split('>') as [LayerId, LayerId];
    return RANK[af] - RANK[bf] || RANK[at] - RANK[bt];
  });
  for (const [key, count] of sorted) {
    const [from, to] = key.split('>');
    lines.push(`  ${from} -->|${count}| ${to}`);
  }
  lines.push('```');
  return lines.join('\n');
}

const BEGIN = '<!-- layers:begin (generated by npm run docs:layers from the imports; do not edit) -->';
const END = '<!-- layers:end -->';

/** docs/architecture.md with its picture redrawn from the code. */
export function withLayersDiagram(doc: string, diagram: string): string {
  const start = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/architecture.md has no ${BEGIN} … ${END} block`);
  return `${doc.slice(0, start + BEGIN.length)}\n${diagram}\n${doc.slice(end)}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const doc = readFileSync(ARCHITECTURE_DOC, 'utf8');
  const next = withLayersDiagram(doc, layersDiagram(layerEdges()));
  if (next !== doc) {
    writeFileSync(ARCHITECTURE_DOC, next);
    console.info('docs/architecture.md: layers redrawn');
  }
}
