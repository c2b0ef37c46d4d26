#!/usr/bin/env node
// `npm run build -w @kapaas/api`: compiles the API into apps/api/dist, or into the folder given as
// the first argument (see scripts/lib/api-build.mjs).
import { resolve } from 'node:path';
import { buildApi } from './lib/api-build.mjs';

await buildApi(process.argv[2] ? resolve(process.argv[2]) : undefined);
