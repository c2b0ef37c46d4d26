import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { figuresOf, type LoadFigures, type LoadSettings } from './load';
import { BENCH_DIR, REPO_ROOT } from './paths';
import { freePort, type ServerProcess, startServer, waitForStatus } from './processes';
import { getPage, type StorefrontPage } from './web-pages';

/** The product page's HTML served by the shop and by a bare route serving the same bytes, under the same load. */
export interface ThroughputResult {
  url: string;
  htmlBytes: number;
  contentType: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  shop: LoadFigures;
  bare: LoadFigures;
  /** shop req/s ÷ bare req/s. */
  ratio: number;
  /** Why the comparison is not to be trusted (the shop answered other than 2xx under load). */
  failure?: string;
}

const BARE_PATH = '/page';

/**
 * GETs the page once (no accept-encoding: the page's own bytes), starts bare-get-route.mjs serving
 * exactly those bytes with the shop's content-type, then loads the shop's page and the bare route in
 * turn, each after a warm-up.
 */
export async function measureThroughput(
  page: StorefrontPage,
  load: { connections: number; seconds: number; warmupSeconds: number },
): Promise<ThroughputResult> {
  const answer = await getPage(page.url);
  if (answer.status !== 200) throw new Error(`GET ${page.url} answered ${answer.status}`);
  const bodyFile = join(BENCH_DIR, 'web-bare-page.html');
  await writeFile(bodyFile, answer.bytes);
  const logFile = join(BENCH_DIR, 'web-bare.log');
  await writeFile(logFile, '');
  const bare = await startBareGet(bodyFile, answer.contentType, logFile);
  const measured: LoadSettings = { seconds: load.seconds, connections: load.connections };
  const warm: LoadSettings = { seconds: load.warmupSeconds, connections: load.connections };
  try {
    const check = await getPage(`${bare.origin}${BARE_PATH}`);
    if (!check.bytes.equals(answer.bytes)) throw new Error('the bare route does not serve the page bytes');
    await loadGet(page.url, warm);
    const shop = await loadGet(page.url, measured);
    await loadGet(`${bare.origin}${BARE_PATH}`, warm);
    const bareFigures = await loadGet(`${bare.origin}${BARE_PATH}`, measured);
    const failure =
      shop.non2xx > 0 || shop.errors > 0
        ? `${shop.non2xx} non-2xx answers, ${shop.errors} errors under load`
        : undefined;
    return {
      url: page.url,
      htmlBytes: answer.bytes.length,
      contentType: answer.contentType,
      ...load,
      shop,
      bare: bareFigures,
      ratio: shop.rps / bareFigures.rps,
      ...(failure ? { failure } : {}),
    };
  } finally {
    await bare.stop();
  }
}

/** GETs `url` for `seconds` through `connections` keep-alive connections, no pipelining, no accept-encoding. */
async function loadGet(url: string, settings: LoadSettings): Promise<LoadFigures> {
  const result = await autocannon({
    url,
    method: 'GET',
    connections: settings.connections,
    duration: settings.seconds,
  });
  return figuresOf(result);
}

/** Starts bare-get-route.mjs in its own process and waits until it answers. */
async function startBareGet(bodyFile: string, contentType: string, logFile: string): Promise<ServerProcess> {
  const port = await freePort();
  const env = {
    PATH: process.env.PATH,
    PORT: String(port),
    BODY_FILE: bodyFile,
    CONTENT_TYPE: contentType,
    ROUTE_PATH: BARE_PATH,
  };
  const bare = await startServer([join(REPO_ROOT, 'apps/api/bench/bare-get-route.mjs')], env, port, logFile);
  try {
    await waitForStatus(`${bare.origin}/ready`, bare, 'GET');
  } catch (error) {
    await bare.stop();
    throw error;
  }
  return bare;
}
