import { describe, expect, it } from 'vitest';
import { scriptsAfterFirstPaint } from './scriptsAfterFirstPaint';

/** The shape of React Router's document: preloads in the head, the start script at the end of the body. */
const page = (startScript: string) =>
  '<html><head><title>t</title><link rel="modulepreload" href="/assets/entry.js"/>' +
  '<link rel="modulepreload" href="/assets/react.js"/><link rel="stylesheet" href="/assets/site.css"/></head>' +
  `<body><main>page</main><script>window.__context = {};</script><script type="module" async="">${startScript}</script></body></html>`;

const START = `;
import * as route0 from "/assets/root.js";
import * as route1_HydrateFallback from "/assets/fallback.js";
import * as route1_main from "/assets/page.js";
const route1 = {...route1_HydrateFallback,...route1_main};
  window.__reactRouterRouteModules = {"root":route0,"routes/page":route1};

import("/assets/entry.js");`;

describe('scriptsAfterFirstPaint', () => {
  const html = scriptsAfterFirstPaint(page(START));

  it('takes the module preloads out of the head and keeps the stylesheet', () => {
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain('modulepreload');
    expect(head).toContain('<link rel="stylesheet" href="/assets/site.css"/>');
  });

  it('leaves the page itself and the other scripts as they were', () => {
    expect(html).toContain('<body><main>page</main><script>window.__context = {};</script>');
  });

  it('starts after the next frame: preloads the same files, imports the same route modules, then the entry', async () => {
    const script = /<script type="module" async="">([\s\S]*)<\/script>/.exec(html)?.[1] ?? '';
    expect(script).not.toMatch(/^\s*import /m);
    const appended: string[] = [];
    const imported: string[] = [];
    let frame: (() => void) | undefined;
    const sandbox = {
      document: {
        createElement: () => ({}) as { rel?: string; href?: string },
        createDocumentFragment: () => {
          const links: { rel: string; href: string }[] = [];
          return { links, append: (link: { rel: string; href: string }) => links.push(link) };
        },
        // The links are added to the head at once, as one fragment.
        head: {
          append: (fragment: { links: { rel: string; href: string }[] }) =>
            appended.push(...fragment.links.map((link) => `${link.rel} ${link.href}`)),
        },
      },
      requestAnimationFrame: (callback: () => void) => {
        frame = callback;
      },
      setTimeout: (callback: () => void) => callback(),
      window: {} as { __reactRouterRouteModules?: Record<string, unknown> },
      load: (url: string) => {
        imported.push(url);
        return Promise.resolve({ url });
      },
    };
    const run = new Function(...Object.keys(sandbox), script.replaceAll('import(', 'load('));
    run(...Object.values(sandbox));
    expect(imported).toEqual([]);
    frame?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(appended).toEqual(['modulepreload /assets/entry.js', 'modulepreload /assets/react.js']);
    expect(imported).toEqual(['/assets/root.js', '/assets/fallback.js', '/assets/page.js', '/assets/entry.js']);
    expect(sandbox.window.__reactRouterRouteModules).toEqual({
      root: { url: '/assets/root.js' },
      'routes/page': { url: '/assets/page.js' },
    });
  });

  it('leaves a document it does not recognise as it is', () => {
    expect(scriptsAfterFirstPaint('<p>fragment</p>')).toBe('<p>fragment</p>');
    const noImports = page('import("/assets/entry.js");');
    expect(scriptsAfterFirstPaint(noImports)).toBe(noImports);
  });
});
