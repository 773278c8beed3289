import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { enabledFlags, isFlagOn } from './feature-flags';

describe('the client’s flags (decision 191)', () => {
  it('are on only where the server answered true; missing answers are off', () => {
    const answers = { greenLeasing: true, paymentSigning: false };
    expect(isFlagOn(answers, 'greenLeasing')).toBe(true);
    expect(isFlagOn(answers, 'paymentSigning')).toBe(false);
    expect(isFlagOn(answers, 'renewableLoan')).toBe(false);
    expect(isFlagOn(undefined, 'greenLeasing')).toBe(false);
    expect([...enabledFlags(answers)]).toEqual(['greenLeasing']);
    expect(enabledFlags(null).size).toBe(0);
  });

  it('are read through this one module: no other source file reads the runtime configuration’s flags', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) return files(path);
        return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
      });
    const readers = files('src').filter((path) => /\bfeatures\?\.|\bfeatures\[|\bfeatures\.[a-z]/.test(readFileSync(path, 'utf8')));
    expect(readers).toEqual([join('src', 'steps', '_kit', 'feature-flags.ts')]);
  });
});
