const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g;
const START_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/;
const STATIC_IMPORT = /import \* as (\w+) from ("[^"]+");/g;

/**
 * React Router's document asks for every script of the page at the top of its head (`modulepreload` links), and
 * starts them with a module script that imports the route modules. On a phone on a slow link those ~180 KB of scripts
 * compete with the stylesheets and the first picture, and running them (React hydrating the page) holds the first
 * paint back, although the server's HTML is already the whole page, links included.
 *
 * This rewrites the page so that the scripts are asked for once the browser has painted it: the start script waits
 * for the frame after the first one (`requestAnimationFrame`, then a task), then adds the same preload links and
 * imports the same route modules before React Router's entry, exactly as the original did. Until then the page is
 * plain HTML, readable and navigable; the buttons that need JavaScript work from hydration on, as before.
 */
export function scriptsAfterFirstPaint(html: string): string {
  const headEnd = html.indexOf('</head>');
  const start = START_SCRIPT.exec(html);
  if (headEnd < 0 || !start || start.index < headEnd) return html;
  const preloads = [...html.slice(0, headEnd).matchAll(MODULE_PRELOAD)].map((match) => match[1] as string);
  const imports = [...(start[1] as string).matchAll(STATIC_IMPORT)].map((match) => ({
    name: match[1] as string,
    url: match[2] as string,
  }));
  if (imports.length === 0) return html;
  const rest = (start[1] as string).replace(STATIC_IMPORT, '').trim();
  const script =
    `const preloads=${JSON.stringify(preloads)};` +
    'const start=()=>{const links=document.createDocumentFragment();for(const href of preloads){const link=document.createElement("link");link.rel="modulepreload";link.href=href;links.append(link);}document.head.append(links);' +
    `Promise.all([${imports.map((entry) => `import(${entry.url})`).join(',')}]).then(([${imports.map((entry) => entry.name).join(',')}])=>{${rest}\n});};` +
    'requestAnimationFrame(()=>setTimeout(start,0));';
  const head = html.slice(0, headEnd).replace(MODULE_PRELOAD, '');
  const body = html.slice(headEnd);
  const startInBody = start.index - headEnd;
  return `${head}${body.slice(0, startInBody)}<script type="module" async="">${script}</script>${body.slice(startInBody + start[0].length)}`;
}
