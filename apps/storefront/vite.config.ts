import { readFileSync } from 'node:fs';
import { webAppConfig, ZOD_IN_THE_BROWSER } from '@kapaas/web-kit/vite';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

/**
 * True for a contract module that builds zod schemas when loaded (one that imports zod's values, not only its types);
 * the rest of the contract is plain constants and functions. Read from the file, so a new schema module needs no edit.
 */
function isContractSchemaModule(id: string): boolean {
  return (
    /packages[\\/]contract[\\/]src[\\/][^\\/]+\.ts$/.test(id) &&
    /^import (?!type )[^;]*from 'zod'/m.test(readFileSync(id, 'utf8'))
  );
}

/** The API serves /api, the demo images under /media and the payment sandbox; the dev server forwards all three. */
const apiPaths = ['/api', '/media', '/sandbox'];

/**
 * Tests run the components in jsdom with the shared web-app configuration. The app itself is built (and served in
 * development) by React Router's framework mode plugin: a client build and a server build (react-router.config.ts).
 */
/** The returns' shared pieces: used by several account pages, never by the public ones. */
const RETURNS_ONLY = /[\\/](components[\\/]returns[\\/]|lib[\\/]return(Paths|Texts)\.ts$)/;
/**
 * A form's own modules (its component, its hook, its rules: `AddressForm.tsx`, `useAddressForm.ts`, `addressForm.ts`)
 * and web-kit's field primitives, and react-bootstrap's form and grid parts: only pages with a form load them, however many
 * pages that is (the account's consent switches and privacy forms made them shared by four pages, and the product
 * page, which has no form of these, loaded them).
 */
const FORM_MODULE =
  /(Form\.tsx?|\.schema\.ts|[\\/]ConsentBoxes\.tsx|[\\/]usePrivacyNotice\.ts)$|[\\/]web-kit[\\/]src[\\/]form[\\/]|[\\/]react-bootstrap[\\/][^\\/]+[\\/](Form[A-Za-z]*|Feedback|InputGroup|FloatingLabel|Switch|Col|Row)\.js$/;

export default process.env.VITEST
  ? webAppConfig({ name: 'storefront', root: import.meta.dirname, apiPaths })
  : defineConfig({
      root: import.meta.dirname,
      plugins: [reactRouter()],
      resolve: { alias: [ZOD_IN_THE_BROWSER] },
      // Bootstrap 5.3's SCSS predates Sass's module system: these deprecation notices are about Bootstrap, not us.
      css: {
        preprocessorOptions: {
          scss: {
            quietDeps: true,
            silenceDeprecations: ['import', 'global-builtin', 'if-function', 'color-functions'],
          },
        },
      },
      // react-bootstrap is imported a component at a time (react-bootstrap/Button): folders Node's own ESM loader
      // cannot import, so the server build bundles it rather than importing it at run time.
      ssr: {
        noExternal: ['react-bootstrap', /^@restart\//, 'dom-helpers', 'uncontrollable', 'react-transition-group'],
      },
      build: {
        // SOURCEMAP=1 writes source maps beside the files, to read a CPU profile of the built pages (ADR 031); never shipped.
        sourcemap: process.env.SOURCEMAP === '1',
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
                  priority: 3,
                },
                // zod and react-hook-form are for pages with a form: a file of their own, so that a public page does
                // not load them. The contract's schemas stay with the pages that use them, rather than all in one file.
                {
                  name: 'forms',
                  test: /node_modules[\\/](zod|react-hook-form|@hookform)[\\/]|packages[\\/]web-kit[\\/]src[\\/](useZodForm|zod-jitless)\.ts/,
                  priority: 2,
                },
                // What most pages share, in one request rather than a dozen small ones; the forms stay with their pages, and
                // so do the returns' texts and paths, which only the account's pages use (the product page is not to load them).
                {
                  name: 'shared',
                  test: (id: string) => !FORM_MODULE.test(id) && !isContractSchemaModule(id) && !RETURNS_ONLY.test(id),
                  minShareCount: 4,
                  priority: 1,
                },
              ],
            },
          },
        },
      },
      server: {
        proxy: Object.fromEntries(
          apiPaths.map((path) => [path, { target: `http://127.0.0.1:${process.env.KAPAAS_API_PORT ?? '3000'}` }]),
        ),
      },
    });
