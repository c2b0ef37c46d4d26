import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';

/** The shop's mark (the storefront's favicon), drawn for mail clients, which do not show SVG. */
const MARK_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#0f766e"/><g fill="#fbf8f1"><circle cx="11" cy="13" r="5.5"/><circle cx="21" cy="13" r="5.5"/><circle cx="16" cy="19" r="6"/></g><path d="M16 25v4" stroke="#a3b18a" stroke-width="2.5" stroke-linecap="round"/></svg>';

let logo: Promise<Buffer> | undefined;

/** The logo as PNG, twice the size messages show it (40 px) for sharp screens; drawn once per process. */
export function mailLogo(): Promise<Buffer> {
  logo ??= sharp(Buffer.from(MARK_SVG), { density: 300 }).resize(80, 80).png().toBuffer();
  return logo;
}

/** What messages load from the shop: the logo at /mail/logo.png, cached for a day. */
export async function mailRoutes(app: FastifyInstance): Promise<void> {
  app.get('/mail/logo.png', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('content-type', 'image/png').header('cache-control', 'public, max-age=86400');
    return mailLogo();
  });
}
