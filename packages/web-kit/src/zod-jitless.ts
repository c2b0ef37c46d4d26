/**
 * zod for the browser apps: the builds resolve `zod` to this module (ZOD_IN_THE_BROWSER in ../vite.ts). It turns off
 * zod's compiled checks before any schema is made: to see whether it may compile them, zod tries `new Function`, and
 * the shop's Content-Security-Policy (no `unsafe-eval`) reports that as a violation on every page that loads a form,
 * even though zod catches the refusal. The checks are the same; only zod's fast path for objects is not used.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
