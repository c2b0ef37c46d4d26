import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('the schema index', () => {
  it('exports every table file, so drizzle-kit migrates every table', () => {
    const index = readFileSync(new URL('./index.ts', import.meta.url), 'utf8');
    const tableFiles = readdirSync(new URL('.', import.meta.url))
      .filter(
        (name) => name.endsWith('.ts') && !name.startsWith('_') && name !== 'index.ts' && !name.endsWith('.test.ts'),
      )
      .map((name) => name.replace(/\.ts$/, ''));
    const missing = tableFiles.filter((name) => !index.includes(`'./${name}'`));
    expect(missing).toEqual([]);
  });
});
