import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The JavaScript the console loads before its first screen (the entry index.html names, and the chunks it preloads),
 * gzipped. It weighed 238 KB before the reports (issue 37), which may add at most 60 KB to it: their code and the
 * chart library load when Reports opens (ADR 055). Measured on the real build: `npm test` builds the console first;
 * alone, run `npm run build -w @kapaas/admin`.
 */
const FIRST_LOAD_JS_BYTES = (238 + 60) * 1024;

/** The Reports pages' own chunk (visx and the seven reports), loaded when Reports opens: 29 KB when written. */
const REPORTS_CHUNK_BYTES = 40 * 1024;

const distDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');

function gzipBytes(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/** The scripts index.html loads (its module entry) and preloads, as files under dist. */
export function firstLoadScripts(html: string): string[] {
  const sources = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((match) => match[1] ?? '');
  return [...new Set(sources)].map((src) => src.replace(/^\/admin\//, ''));
}

describe('firstLoadScripts', () => {
  it('names the entry and the preloaded chunks, each once', () => {
    const html =
      '<script type="module" crossorigin src="/admin/assets/index-1.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/admin/assets/react-2.js">' +
      '<link rel="stylesheet" href="/admin/assets/index-3.css">' +
      '<link rel="modulepreload" crossorigin href="/admin/assets/react-2.js">';
    expect(firstLoadScripts(html)).toEqual(['assets/index-1.js', 'assets/react-2.js']);
  });
});

describe('the console’s first load', () => {
  let scripts: string[];

  beforeAll(() => {
    const index = join(distDir, 'index.html');
    if (!existsSync(index)) {
      throw new Error(`No console build at ${index}: run \`npm run build -w @kapaas/admin\` before this test`);
    }
    scripts = firstLoadScripts(readFileSync(index, 'utf8'));
  });

  it(`stays within ${FIRST_LOAD_JS_BYTES / 1024} KB of JavaScript gzipped`, () => {
    const bytes = scripts.reduce((sum, file) => sum + gzipBytes(join(distDir, file)), 0);
    expect(
      bytes,
      `The console's first load is ${(bytes / 1024).toFixed(1)} KB of JavaScript gzipped (${scripts.join(', ')})`,
    ).toBeLessThanOrEqual(FIRST_LOAD_JS_BYTES);
  });

  it('holds neither the reports nor the chart library, which come in their own chunk when Reports opens', () => {
    for (const file of scripts) {
      const code = readFileSync(join(distDir, file), 'utf8');
      expect(code.includes('visx-axis'), `${file} holds visx`).toBe(false);
      expect(code.includes('Revenue over time'), `${file} holds the sales report`).toBe(false);
    }
    const chunks = readdirSync(join(distDir, 'assets')).filter((name) => /^ReportsPage-.*\.js$/.test(name));
    expect(chunks).toHaveLength(1);
    const reports = join(distDir, 'assets', chunks[0] ?? '');
    expect(readFileSync(reports, 'utf8').includes('visx-axis'), 'the Reports chunk holds visx').toBe(true);
    expect(gzipBytes(reports), 'the Reports chunk, gzipped').toBeLessThanOrEqual(REPORTS_CHUNK_BYTES);
  });
});
