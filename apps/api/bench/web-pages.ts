import { request } from 'node:http';
import { HttpClient } from './http';
import type { PageKind } from './web-options';

/** A page answer as the shop sent it: no accept-encoding asked, so the bytes are the page itself. */
export interface PageAnswer {
  status: number;
  contentType: string;
  location: string | undefined;
  bytes: Buffer;
}

/** A storefront page found through the shop, with where it ended after any redirects. */
export interface StorefrontPage {
  kind: PageKind;
  /** The path the benchmark asked for first, e.g. /product-detail/12. */
  asked: string;
  /** The absolute URL measured: `asked`, or where its 301/302/307/308 redirects led. */
  url: string;
  redirects: string[];
  status: number;
}

const MAX_REDIRECTS = 5;

/** GET without accept-encoding (nor anything else a browser adds) and the whole answer as bytes. */
export function getPage(url: string): Promise<PageAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: 'GET' }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', reject);
      incoming.on('end', () =>
        resolve({
          status: incoming.statusCode ?? 0,
          contentType: incoming.headers['content-type'] ?? '',
          location: incoming.headers.location,
          bytes: Buffer.concat(chunks),
        }),
      );
    });
    outgoing.setTimeout(30_000, () => outgoing.destroy(new Error(`GET ${url}: no answer in 30 s`)));
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** Follows the shop's redirects from `path`; throws unless it ends in a 200. */
export async function resolvePage(origin: string, kind: PageKind, path: string): Promise<StorefrontPage> {
  let url = new URL(path, origin).href;
  const redirects: string[] = [];
  for (;;) {
    const answer = await getPage(url);
    if ([301, 302, 303, 307, 308].includes(answer.status) && answer.location) {
      if (redirects.length >= MAX_REDIRECTS)
        throw new Error(`${kind} page ${path}: more than ${MAX_REDIRECTS} redirects`);
      url = new URL(answer.location, url).href;
      redirects.push(url);
      continue;
    }
    if (answer.status !== 200) throw new Error(`${kind} page ${path}: GET ${url} answered ${answer.status}`);
    return { kind, asked: path, url, redirects, status: answer.status };
  }
}

interface CategoryList {
  category: { category_id: number }[];
}
interface Listing {
  product: { product_id: number; rating_count: number }[];
}

/**
 * The pages to measure, found through the shop's own API as a shopper's browser finds them: home,
 * the first category's page, and the first product with reviews listed in it (the heavier page: its reviews are in its
 * HTML), else its first product (or, if that category is empty, the first category that lists one).
 */
export async function findPages(origin: string, kinds: PageKind[]): Promise<StorefrontPage[]> {
  const client = new HttpClient(origin);
  try {
    const { category } = await client.post<CategoryList>('/api/category_list');
    const first = category[0];
    if (!first) throw new Error('POST /api/category_list lists no category');
    let productId: number | undefined;
    for (const { category_id } of category) {
      const listing = await client.post<Listing>('/api/category_product_list', { category_id });
      productId = (listing.product.find((card) => card.rating_count > 0) ?? listing.product[0])?.product_id;
      if (productId !== undefined || !kinds.includes('product')) break;
    }
    if (productId === undefined && kinds.includes('product')) throw new Error('no category lists a product');
    const paths: Record<PageKind, string> = {
      home: '/',
      category: `/category-page/${first.category_id}`,
      product: `/product-detail/${productId}`,
    };
    const pages: StorefrontPage[] = [];
    for (const kind of kinds) pages.push(await resolvePage(origin, kind, paths[kind]));
    return pages;
  } finally {
    client.close();
  }
}
