/**
 * The static relative imports of the project's TypeScript sources, as the import-cycle test and the
 * layers picture read them: type-only imports count (they still couple modules); a dynamic
 * `import()` is a lazy boundary and does not.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const STATIC_IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g;

/** Every .ts and .tsx file below `dir`; tests left out when `withTests` is false. */
export function sourceFiles(dir: string, { withTests = true }: { withTests?: boolean } = {}): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return sourceFiles(full, { withTests });
    return /\.tsx?$/.test(entry) && (withTests || !/\.test\.tsx?$/.test(entry)) ? [full] : [];
  });
}

export function resolveImport(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // Not this one.
    }
  }
  return undefined;
}

/** The files `file` imports statically (resolved paths; packages and unresolvable paths left out). */
export function importsOf(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)]
    .map((match) => resolveImport(file, match[1]!))
    .filter((target): target is string => target !== undefined);
}
