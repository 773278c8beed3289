import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PARTIES, README, withProviderTable } from '../../server/providers/provider-variables';

describe("the README's table of provider variables (issue 21)", () => {
  it('is the one the parties declare (npm run docs:providers rewrites it)', () => {
    const readme = readFileSync(README, 'utf8');
    expect(readme, 'README.md is stale: run npm run docs:providers').toBe(withProviderTable(readme));
  });

  it('names every variable once, each with a meaning and an example', () => {
    const names = PARTIES.flatMap((party) => party.variables.map((variable) => variable.name));
    expect(new Set(names).size).toBe(names.length);
    for (const party of PARTIES) {
      for (const variable of party.variables) {
        expect(variable.name).toMatch(/^[A-Z][A-Z0-9_<>]+$/);
        expect(variable.meaning.length).toBeGreaterThan(10);
        expect(variable.example.length).toBeGreaterThan(0);
      }
    }
  });

  it('links every party to a guide that exists', () => {
    for (const party of PARTIES) expect(() => readFileSync(new URL(`../../${party.doc}`, import.meta.url))).not.toThrow();
  });
});
