import { PassThrough } from 'node:stream';
import { RICH_TEXT_LINK_ATTRIBUTES, RICH_TEXT_TAGS } from '@kapaas/contract';
import { renderToPipeableStream } from 'react-dom/server';
import { type EntryContext, ServerRouter } from 'react-router';
import sanitize from 'sanitize-html';
import { sanitizeOnServerWith } from '../lib/html';
import { scriptsAfterFirstPaint } from './server/scriptsAfterFirstPaint';

/** The load context's key the API sets its in-process shop under (it reads it from this module of the build). */
export { shopContext } from './server/shopContext';

// Rich text is cleaned to the same allow-list as in the browser (DOMPurify needs a DOM; sanitize-html does not).
sanitizeOnServerWith((html) =>
  sanitize(html, {
    allowedTags: [...RICH_TEXT_TAGS],
    allowedAttributes: { a: [...RICH_TEXT_LINK_ATTRIBUTES] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
  }),
);

/** How long a render may take before it is abandoned (the catalogue is in memory: a page takes milliseconds). */
export const streamTimeout = 5_000;

/**
 * Renders a page to its whole HTML before answering: the loaders' data is already there (read from memory), so there is
 * nothing to stream, and a whole page can be kept in the API's page cache and compressed as one.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
): Promise<Response> {
  if (request.method.toUpperCase() === 'HEAD') {
    return Promise.resolve(new Response(null, { status: responseStatusCode, headers: responseHeaders }));
  }
  return new Promise((resolve, reject) => {
    let status = responseStatusCode;
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      // The whole page is written at once, so every part in place: left to its default (12.8 KB), React writes a large
      // part that waited on a lazy module (the product page's reviews) hidden at the end, for a script to move it up,
      // and a reader without scripts never sees it.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady() {
        const chunks: Buffer[] = [];
        const body = new PassThrough();
        body.on('data', (chunk: Buffer) => chunks.push(chunk));
        body.on('end', () => {
          clearTimeout(timeout);
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          const html = scriptsAfterFirstPaint(Buffer.concat(chunks).toString('utf8'));
          resolve(new Response(html, { status, headers: responseHeaders }));
        });
        body.on('error', reject);
        pipe(body);
      },
      onShellError(error: unknown) {
        clearTimeout(timeout);
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        console.error(error);
      },
    });
  });
}
