/**
 * The web benchmark's reference: a bare Fastify 5 app in its own process, answering GET on one path
 * with fixed bytes that the benchmark fetched from the shop (a rendered page), with the content-type
 * the shop sent. No hooks, no plugins, no logging, no compression: what this machine can do for the
 * same request and the same answer. (bare-route.mjs is the same for the catalogue's POST calls.)
 * Environment: PORT, BODY_FILE (the bytes), CONTENT_TYPE, and ROUTE_PATH (default /page).
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const body = readFileSync(process.env.BODY_FILE ?? '');
const contentType = process.env.CONTENT_TYPE ?? 'text/html; charset=utf-8';
const app = Fastify({ logger: false });
app.get(process.env.ROUTE_PATH ?? '/page', (_request, reply) => reply.type(contentType).send(body));
app.get('/ready', (_request, reply) => reply.send('ready'));
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
