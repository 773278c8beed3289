/**
 * ESLint rule `solis/no-import-cycle` (conventions: "No import cycles. Enforce the boundaries with
 * the linter"). It follows the static relative imports of the product's TypeScript sources (type-only
 * imports too: they still couple modules; dynamic `import()` is a lazy boundary and does not count)
 * and reports an import through which the linted file can reach itself again, naming the cycle.
 *
 * Written here rather than taken from eslint-plugin-import-x: that plugin's resolver needs native
 * bindings per platform, which this project's registry does not serve for every platform, so
 * `npm ci` could not install a lock file that names them (docs/decisions/080).
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const STATIC_IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g;
const edgesCache = new Map();

function resolve(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile() && /\.tsx?$/.test(candidate)) return candidate;
    } catch {
      // not this one
    }
  }
  return undefined;
}

function edgesOf(file, source) {
  const cached = edgesCache.get(file);
  if (cached && source === undefined) return cached;
  let text = source;
  if (text === undefined) {
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return [];
    }
  }
  const edges = [];
  for (const match of text.matchAll(STATIC_IMPORT)) {
    const target = resolve(file, match[1]);
    if (target) edges.push({ target, specifier: match[1] });
  }
  edgesCache.set(file, edges);
  return edges;
}

/** A path from `start` back to `start` through `first`, or undefined. */
function cycleThrough(start, first) {
  const seen = new Set();
  const stack = [[first, [start, first]]];
  while (stack.length) {
    const [file, trail] = stack.pop();
    if (file === start) return trail;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const { target } of edgesOf(file)) stack.push([target, [...trail, target]]);
  }
  return undefined;
}

export default {
  rules: {
    'no-import-cycle': {
      meta: { type: 'problem', schema: [], messages: { cycle: 'Import cycle: {{cycle}}' } },
      create(context) {
        const file = context.filename;
        const root = context.cwd;
        const edges = edgesOf(file, context.sourceCode.text);
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
        };
        function check(node) {
          const specifier = node.source?.value;
          if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
          const edge = edges.find((candidate) => candidate.specifier === specifier);
          if (!edge) return;
          const cycle = cycleThrough(file, edge.target);
          if (cycle) context.report({ node: node.source, messageId: 'cycle', data: { cycle: cycle.map((f) => path.relative(root, f)).join(' → ') } });
        }
      },
    },
  },
};
