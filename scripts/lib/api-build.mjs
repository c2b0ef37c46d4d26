// Compiles the API into plain JavaScript (apps/api/dist), so that production runs on `node` alone,
// without the TypeScript loader (ADR 017). The shop's own workspaces (@kapaas/*) and drizzle-orm
// are bundled in; every other package stays an import from node_modules.
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { newestIn, root } from './storefront-build.mjs';

export const apiDist = join(root, 'apps/api/dist');
/** The entry points, by the name of the file they become in the output folder. */
const entries = {
  server: join(root, 'apps/api/src/server.ts'),
  backup: join(root, 'apps/api/src/backups/backup-cli.ts'),
  restore: join(root, 'apps/api/src/backups/restore-cli.ts'),
};
const sources = [join(root, 'apps/api/src'), join(root, 'packages/contract/src'), join(root, 'packages/db/src')];

/**
 * Keeps `import.meta.url` meaning the source file's place, as under tsx: each use is replaced by
 * the source's path relative to the output file, so `new URL('../migrations', import.meta.url)` in
 * packages/db still finds packages/db/migrations. The paths are relative, so the repository can be
 * moved or copied (a container image) after the build.
 */
function sourceLocation(outdir) {
  return {
    name: 'source-location',
    setup(esbuild) {
      esbuild.onLoad({ filter: /\.ts$/ }, (args) => {
        const contents = readFileSync(args.path, 'utf8');
        if (!contents.includes('import.meta.url')) return undefined;
        const fromOutput = relative(outdir, args.path).split('\\').join('/');
        const url = `new URL(${JSON.stringify(fromOutput)}, import.meta.url).href`;
        return { contents: contents.replaceAll('import.meta.url', url), loader: 'ts', resolveDir: dirname(args.path) };
      });
    },
  };
}

/**
 * Packages bundled into the build like the shop's own code. drizzle-orm is hundreds of small ES
 * modules under a 179 KB package.json, and Node reads that package.json again for every one of
 * them it loads, to learn its module format: 0.56 s of a 1,000-product shop's start and a
 * passing 150 MB of heap, gone when the modules are one chunk.
 */
const BUNDLED = [/^@kapaas\//, /^drizzle-orm(\/|$)/];

/** Everything else (but relative imports) is loaded from node_modules at run time. */
const externalPackages = {
  name: 'external-packages',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
      BUNDLED.some((pattern) => pattern.test(args.path)) ? undefined : { path: args.path, external: true },
    );
  },
};

/** Builds the API into `outdir` (apps/api/dist by default): server.js and the chunks it loads. */
export async function buildApi(outdir = apiDist) {
  // esbuild is a dev dependency: a production install that ships a built dist/ never loads it.
  const { build } = await import('esbuild');
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: entries,
    outdir,
    bundle: true,
    // Separate chunks keep server.js's promise: the configuration is read before fastify, sharp
    // or the database driver are loaded.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    // The e-mail templates (apps/api/src/modules/mail/templates) are React components.
    jsx: 'automatic',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externalPackages, sourceLocation(outdir)],
  });
}

/** True when the build is missing or older than anything it is made from. */
export function apiIsStale() {
  const built = Math.min(
    ...Object.keys(entries).map((name) => {
      const file = join(apiDist, `${name}.js`);
      return existsSync(file) ? statSync(file).mtimeMs : 0;
    }),
  );
  return built === 0 || sources.some((path) => newestIn(path) > built);
}

/** Builds the API when it is missing or stale. */
export async function buildApiIfStale() {
  if (!apiIsStale()) return;
  const built = existsSync(join(apiDist, 'server.js'));
  // An install without dev dependencies (a container image) cannot build: it runs what it was shipped.
  if (
    built &&
    !(await import('esbuild').then(
      () => true,
      () => false,
    ))
  ) {
    console.warn(
      'The API sources are newer than apps/api/dist, and esbuild is not installed: running the build as it is.',
    );
    return;
  }
  console.log('Building the API…');
  await buildApi();
}
