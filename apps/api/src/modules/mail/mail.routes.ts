import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { z } from 'zod';

/** The shop's mark (the storefront's favicon), drawn for mail clients, which do not show SVG. */
const MARK_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#0f766e"/><g fill="#fbf8f1"><circle cx="11" cy="13" r="5.5"/><circle cx="21" cy="13" r="5.5"/><circle cx="16" cy="19" r="6"/></g><path d="M16 25v4" stroke="#a3b18a" stroke-width="2.5" stroke-linecap="round"/></svg>';

/** Pictures in messages are shown at 56 px: drawn at twice that for sharp screens. */
const PICTURE_PX = 112;
/** At most this many pictures are kept drawn; the oldest goes first. */
const KEPT = 500;

let logo: Promise<Buffer> | undefined;

/** The logo as PNG, twice the size messages show it (40 px); drawn once per process. */
export function mailLogo(): Promise<Buffer> {
  logo ??= sharp(Buffer.from(MARK_SVG), { density: 300 }).resize(80, 80).png().toBuffer();
  return logo;
}

/** Where a message shows one of the shop's pictures: a small JPEG every mail client can show (not SVG or WebP). */
export function mailPictureUrl(shopUrl: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${shopUrl}/mail/picture.jpg?src=${encodeURIComponent(path.startsWith('/') ? path : `/${path}`)}`;
}

const PictureQuery = z.object({
  src: z
    .string()
    .regex(/^\/media\/[\w\-./]+$/)
    .refine((src) => !src.includes('..')),
});

/**
 * What messages load from the shop, for any mail client (a webmail page on another origin too, so
 * these answers may be embedded anywhere): the logo, and product pictures as small JPEGs drawn from
 * the shop's own media (uploaded photos and the demo shop's drawings alike).
 */
export async function mailRoutes(app: FastifyInstance): Promise<void> {
  app.get('/mail/logo.png', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('content-type', 'image/png').header('cache-control', 'public, max-age=86400');
    reply.header('cross-origin-resource-policy', 'cross-origin');
    return mailLogo();
  });

  const drawn = new Map<string, Promise<Buffer | null>>();
  app.get('/mail/picture.jpg', { schema: { hide: true } }, async (request, reply) => {
    const query = PictureQuery.safeParse(request.query);
    if (!query.success) return reply.code(404).type('text/plain').send('Not found');
    const { src } = query.data;
    let picture = drawn.get(src);
    if (picture === undefined) {
      picture = drawPicture(app, src);
      drawn.set(src, picture);
      if (drawn.size > KEPT) drawn.delete(drawn.keys().next().value as string);
    }
    const jpeg = await picture;
    if (jpeg === null) {
      drawn.delete(src);
      return reply.code(404).type('text/plain').send('Not found');
    }
    reply.header('content-type', 'image/jpeg').header('cache-control', 'public, max-age=86400');
    reply.header('cross-origin-resource-policy', 'cross-origin');
    return jpeg;
  });
}

/** The shop's own picture at `src`, as it serves it, cut to a square JPEG; null when there is none. */
async function drawPicture(app: FastifyInstance, src: string): Promise<Buffer | null> {
  const original = await app.inject({ method: 'GET', url: src });
  if (original.statusCode !== 200) return null;
  return sharp(original.rawPayload, { density: 150 })
    .resize(PICTURE_PX, PICTURE_PX, { fit: 'cover' })
    .flatten({ background: '#fffdf8' })
    .jpeg({ quality: 80 })
    .toBuffer();
}
