import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * The sandboxes live apart (ADR 022, ADR 045): production code never imports apps/api/src/dev, except each provider's
 * plugin loading its own sandbox through import(). npm run check's boundary script is run on a copy of the tree with a
 * probe in it, and must name the probe and nothing about the loaders.
 */

const root = resolve(import.meta.dirname, '../..');
const copies = [];
afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

function copyOfTheTree() {
  const copy = mkdtempSync(join(tmpdir(), 'sandbox-imports-'));
  copies.push(copy);
  for (const dir of ['packages/db/src/schema', 'apps/api/src', 'apps/storefront/src', 'apps/admin/src']) {
    cpSync(join(root, dir), join(copy, dir), { recursive: true });
  }
  return copy;
}

function checkBoundaries(tree) {
  try {
    const out = execFileSync(process.execPath, [join(root, 'scripts/check-boundaries.mjs')], {
      stdio: 'pipe',
      env: { ...process.env, BOUNDARIES_ROOT: tree },
    });
    return { code: 0, output: out.toString() };
  } catch (failed) {
    return { code: failed.status, output: `${failed.stdout}${failed.stderr}` };
  }
}

function prepend(tree, file, line) {
  const path = join(tree, file);
  writeFileSync(path, `${line}\n${readFileSync(path, 'utf8')}`);
}

describe("the Shiprocket sandbox's one way in", () => {
  it('allows shiprocket.plugin.ts its import() of the sandbox, and nothing else in production code', () => {
    const copy = copyOfTheTree();
    prepend(
      copy,
      'apps/api/src/modules/shiprocket/courier.ts',
      "import { SANDBOX_WEBHOOK_TOKEN } from '../../dev/shiprocket-sandbox/sandbox.constants';",
    );
    prepend(
      copy,
      'apps/api/src/modules/razorpay/razorpay.plugin.ts',
      "export const probe = () => import('../../dev/shiprocket-sandbox/sandbox.plugin');",
    );
    const { code, output } = checkBoundaries(copy);
    expect(code).toBe(1);
    expect(output).toContain(
      'apps/api/src/modules/shiprocket/courier.ts imports ../../dev/shiprocket-sandbox/sandbox.constants (production code -> apps/api/src/dev)',
    );
    expect(output).toContain(
      'apps/api/src/modules/razorpay/razorpay.plugin.ts imports ../../dev/shiprocket-sandbox/sandbox.plugin (production code -> apps/api/src/dev)',
    );
    expect(output).not.toContain('shiprocket.plugin.ts imports');
  });

  it('refuses a static import of the sandbox by its own loader too', () => {
    const copy = copyOfTheTree();
    prepend(
      copy,
      'apps/api/src/modules/shiprocket/shiprocket.plugin.ts',
      "import { registerShiprocketSandbox } from '../../dev/shiprocket-sandbox/sandbox.plugin';",
    );
    const { output } = checkBoundaries(copy);
    expect(output).toContain(
      'apps/api/src/modules/shiprocket/shiprocket.plugin.ts imports ../../dev/shiprocket-sandbox/sandbox.plugin (production code -> apps/api/src/dev)',
    );
  });
});
