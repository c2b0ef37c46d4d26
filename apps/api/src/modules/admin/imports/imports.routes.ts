import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import {
  AdminIdParams,
  AdminImportAnswer,
  AdminImportFields,
  AdminImportProgressAnswer,
  AdminImportProgressQuery,
  ErrorAnswer,
} from '@kapaas/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/errors';
import { sendCsv } from '../csv';
import { adminOf } from '../resource';
import { fileRefused } from './csv-file';
import { type ImportPlaces, type ImportRequest, runImport } from './import.service';
import { progressOf, rejectedCsvOf } from './imports.repository';

/** The largest CSV taken: 50,000 rows of a full Shopify export fit several times over. */
export const MAX_CSV_BYTES = 64 * 1024 * 1024;
/** The largest pictures ZIP taken (each picture in it at most MAX_PICTURE_BYTES). */
export const MAX_ZIP_BYTES = 256 * 1024 * 1024;

const NO_FILE = 'Send the CSV as multipart/form-data in a field named "file" (and the pictures as a ZIP in "images").';

/** The form's two files and its text fields, refused with a clear 400 (413 for a file over its limit). */
async function readImportForm(request: FastifyRequest): Promise<ImportRequest> {
  if (!request.isMultipart()) throw fileRefused(NO_FILE);
  const files: Record<string, HashedFile> = {};
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') files[part.fieldname] = await readHashed(part.file);
      else fields[part.fieldname] = typeof part.value === 'string' ? part.value : '';
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      const message = `A file is larger than ${MAX_ZIP_BYTES / 1024 / 1024} MB.`;
      throw new AppError('INVALID_DATA', message, { code: 'FILE_TOO_LARGE', errors: { file: [message] } });
    }
    request.log.info({ err: error }, 'unreadable import form');
    throw fileRefused('The form could not be read. Send the CSV in a field named "file".');
  }
  const sent = files.file;
  if (!sent) throw fileRefused(NO_FILE);
  const csv = sent.bytes;
  if (csv.length > MAX_CSV_BYTES) {
    const message = `The CSV is larger than ${MAX_CSV_BYTES / 1024 / 1024} MB: split it into several files.`;
    throw new AppError('INVALID_DATA', message, { code: 'FILE_TOO_LARGE', errors: { file: [message] } });
  }
  const parsed = AdminImportFields.safeParse(fields);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'file');
      errors[field] = [...(errors[field] ?? []), issue.message];
    }
    throw new AppError('INVALID_DATA', Object.values(errors).flat().join(' '), { errors });
  }
  const zip = files.images;
  return { csv, csvSha256: sent.sha256, zip: zip?.bytes, zipSha256: zip?.sha256, fields: parsed.data };
}

interface HashedFile {
  bytes: Buffer;
  sha256: string;
}

/**
 * A file of the form, hashed chunk by chunk as it arrives: hashing 8.8 MB at once held the event loop for about 20 ms
 * (a ZIP of 256 MB would have held it for half a second). A file cut off at its limit is refused as too large.
 */
export async function readHashed(file: AsyncIterable<Buffer> & { truncated: boolean }): Promise<HashedFile> {
  const hash = createHash('sha256');
  const chunks: Buffer[] = [];
  for await (const chunk of file) {
    hash.update(chunk);
    chunks.push(chunk);
  }
  if (file.truncated) throw Object.assign(new Error('request file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
  return { bytes: Buffer.concat(chunks), sha256: hash.digest('hex') };
}

/**
 * POST /imports: a product CSV (Shopify's or Kapaas's) with its options, answered as a dry run's report unless
 * `dry_run` is false; GET /imports/:id/rejected.csv: the rows it refused. Staff import as they edit products.
 */
export const importRoutes: FastifyPluginAsyncZod<ImportPlaces> = async (app, places) => {
  await app.register(multipart, { limits: { fileSize: MAX_ZIP_BYTES, files: 2, fields: 10, parts: 12 } });
  const security = [{ adminToken: [] }];

  app.post(
    '/imports',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Import products from a CSV (multipart `file`; `images`: a ZIP of pictures); a dry run unless `dry_run` is false',
        security,
        consumes: ['multipart/form-data'],
        response: { 200: AdminImportAnswer, 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer, 409: ErrorAnswer },
      },
    },
    async (request) => {
      const form = await readImportForm(request);
      const deps = { ...app.deps, writesBesideTransaction: app.database.kind === 'postgres' };
      const report = await runImport(deps, places, adminOf(request), form);
      return { success: true as const, data: report };
    },
  );

  app.get(
    '/imports/progress',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Where the latest import of a file stands (by the CSV's SHA-256 and the dry-run flag): its phase, rows done and rows in all",
        security,
        querystring: AdminImportProgressQuery,
        response: { 200: AdminImportProgressAnswer, 400: ErrorAnswer, 401: ErrorAnswer, 404: ErrorAnswer },
      },
    },
    async (request) => {
      const { sha256, dry_run } = request.query;
      const progress = await progressOf(app.database.db, sha256, dry_run);
      if (progress === undefined) throw new AppError('NOT_FOUND', 'No import of this file has started.');
      return { success: true as const, data: progress };
    },
  );

  app.get(
    '/imports/:id/rejected.csv',
    {
      schema: {
        tags: ['admin'],
        summary: "An import's refused rows as CSV: the file's own header and an `error` column",
        security,
        params: AdminIdParams,
      },
    },
    async (request, reply) => {
      const csv = await rejectedCsvOf(app.database.db, request.params.id);
      if (csv === undefined) throw new AppError('NOT_FOUND', 'Import not found.');
      return sendCsv(reply, `import-${request.params.id}-rejected`, csv);
    },
  );
};
