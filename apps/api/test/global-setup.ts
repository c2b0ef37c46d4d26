import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writePgliteTemplate, writePostgresTemplate } from '@kapaas/db/testing';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PGlite template tarball, when the tests run on PGlite. */
    pgliteTemplate: string | undefined;
    /** The PostgreSQL server, when the tests run on PostgreSQL (DATABASE_URL set). */
    postgresUrl: string | undefined;
  }
}

/** Migrates and seeds one template database for the whole run; each test file starts from a copy. */
export default async function setup(project: TestProject) {
  const postgresUrl = process.env.DATABASE_URL || undefined;
  if (postgresUrl) {
    await writePostgresTemplate(postgresUrl);
    project.provide('postgresUrl', postgresUrl);
    project.provide('pgliteTemplate', undefined);
    return;
  }
  const dir = await mkdtemp(join(tmpdir(), 'kapaas-test-'));
  const template = join(dir, 'template.tar');
  await writePgliteTemplate(template);
  project.provide('pgliteTemplate', template);
  project.provide('postgresUrl', undefined);
  return () => rm(dir, { recursive: true, force: true });
}
