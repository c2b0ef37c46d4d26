import { join, resolve } from 'node:path';

/** The repository's root folder. */
export const REPO_ROOT = resolve(import.meta.dirname, '../../..');
/** Where the benchmark keeps generated catalogues, the shop's logs and results.json (git-ignored). */
export const BENCH_DIR = join(REPO_ROOT, '.tmp/bench');
