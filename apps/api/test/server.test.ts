import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const serverEntry = resolve(import.meta.dirname, '../src/server.ts');
const buildScript = resolve(import.meta.dirname, '../../../scripts/build-api.mjs');
/** How `npm run dev` and the other tests run the server: TypeScript through tsx. */
const throughTsx = ['--import', 'tsx', serverEntry];

/**
 * Runs server.ts as `npm start` does, and collects what it prints until it exits or `until` sees
 * enough. A process still running after 100 s is killed and reported with what it printed, so a
 * hang fails with its output instead of a bare test timeout.
 */
function runServer(
  env: Record<string, string>,
  until?: (output: string) => boolean | Promise<boolean>,
  args = throughTsx,
) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'info', NODE_OPTIONS: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
    void Promise.resolve(until?.(stdout)).then((enough) => enough && child.kill('SIGTERM'));
  });
  child.stderr.on('data', (chunk) => (stderr += chunk));
  let hung = false;
  const guard = setTimeout(() => {
    hung = true;
    child.kill('SIGKILL');
  }, 100_000);
  return new Promise<{ code: number | null | 'hung'; stdout: string; stderr: string }>((done) => {
    child.on('exit', (code) => {
      clearTimeout(guard);
      done({ code: hung ? 'hung' : code, stdout, stderr });
    });
  });
}

describe('server.ts', { timeout: 120_000 }, () => {
  it('stops at once with a one-line message naming a bad variable', async () => {
    const { code, stderr } = await runServer({ PORT: 'eighty' });
    expect({ code, stderr }).toMatchObject({ code: 1 });
    expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Invalid configuration: PORT /)]);
  });

  it('refuses to start in production with the development admin credentials', async () => {
    const { code, stderr } = await runServer({ NODE_ENV: 'production' });
    expect({ code, stderr }).toMatchObject({ code: 1 });
    expect(stderr).toMatch(/ADMIN_PASSWORD must be set to your own value/);
  });

  it('starts on a fresh DATA_DIR, seeds, listens, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'kapaas-server-'));
    try {
      const { code, stdout } = await runServer(
        { PORT: '0', DATA_DIR: dataDir, PUBLIC_URL: 'https://kapaas.example.in' },
        (out) => out.includes('Server listening at'),
      );
      expect(stdout).toContain('seeded the demo shop into an empty database');
      expect(stdout).toContain('PUBLIC_URL is https but TRUST_PROXY is unset');
      expect(stdout).toContain('shutting down');
      expect(code).toBe(0);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('compiled by `npm run build`, starts with plain node, answers /healthz and shuts down cleanly', async () => {
    // Inside the repository, as apps/api/dist is: the build imports its packages from node_modules.
    const outdir = resolve(import.meta.dirname, `../../../.tmp/api-dist-${process.pid}`);
    const dataDir = await mkdtemp(join(tmpdir(), 'kapaas-server-'));
    try {
      const build = spawnSync(process.execPath, [buildScript, outdir], { encoding: 'utf8' });
      expect(build.stderr).toBe('');
      expect(build.status).toBe(0);
      let health: number | undefined;
      const { code, stdout, stderr } = await runServer(
        { PORT: '0', DATA_DIR: dataDir },
        async (out) => {
          const address = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
          if (!address || health !== undefined) return false;
          health = 0;
          health = (await fetch(`${address}/healthz`)).status;
          return true;
        },
        [join(outdir, 'server.js')],
      );
      expect({ code, stderr }).toMatchObject({ code: 0, stderr: '' });
      expect(stdout).toContain('seeded the demo shop into an empty database');
      expect(health).toBe(200);
    } finally {
      await rm(outdir, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
