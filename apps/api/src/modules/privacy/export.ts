import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '@kapaas/db';
import { AppError } from '../../lib/errors';
import type { PersonKeys } from '../../lib/person';
import { type Limits, RateLimiter } from '../../lib/rate-limit';
import { accountContacts } from '../identity';
import { type MailSettings, queueMail, seal } from '../mail';
import { exportHtml } from './export-html';
import { personData } from './person-data';

// A shopper's copy of their data (issue 35, item 3; DPDP Act s.11): POST /api/my_data_export builds it as a JSON
// file and an HTML summary under the private folder (never served as files, like return photos), and mails a link.
// The link's token is kept only as its SHA-256, in the files' names; it works once (the first opening moves the
// files aside, atomically, and deletes them), for a day, and only in a session of the account it was made for.
// Files left unopened are deleted by the next export or by the daily retention run (`sweepExports`).

/** How long an export's link works. */
export const EXPORT_LINK_MS = 24 * 60 * 60_000;
export const EXPORT_FOLDER = 'exports';

export const EXPORT_MAILED_MESSAGE =
  'We are e-mailing you a link to a copy of your data. It works once, for 24 hours, while you are logged in.';
export const EXPORT_GONE_MESSAGE =
  'This link is not valid any more: it was used already or it expired. Ask for a new copy from your profile.';

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
const folderOf = (privateDir: string) => join(privateDir, EXPORT_FOLDER);

/** The copy of a person's data as the JSON file holds it and the HTML page shows it. */
export async function exportFiles(db: Database, keys: PersonKeys, at = new Date()) {
  const data = await personData(db, keys);
  const json = JSON.stringify({ exported_at: at.toISOString(), shop: 'Kapaas', data }, null, 2);
  return { json, html: exportHtml(data, at) };
}

export interface ExportDeps {
  db: Database;
  mail: MailSettings;
  privateDir: string;
}

/** Builds the account's copy, stores it, and queues the e-mail with its link. Limited per account. */
export async function startExport(deps: ExportDeps, limits: Limits, userId: number, now = new Date()) {
  await new RateLimiter(deps.db).hit(`data-export:account:${userId}`, limits.dataExportsPerAccount);
  const account = await accountContacts(deps.db, userId);
  if (account?.status !== 'active') throw new AppError('UNAUTHORIZED', 'Please log in again.');
  await sweepExports(deps.privateDir, now);
  const keys = { userId, guestIds: [], emails: [account.email.toLowerCase()], phones: [account.phone] };
  const files = await exportFiles(deps.db, keys, now);
  const token = randomBytes(32).toString('base64url');
  const name = tokenHash(token);
  const folder = folderOf(deps.privateDir);
  await mkdir(folder, { recursive: true });
  const meta = { user_id: userId, expires_at: new Date(now.getTime() + EXPORT_LINK_MS).toISOString() };
  await writeFile(join(folder, `${name}.json`), files.json);
  await writeFile(join(folder, `${name}.html`), files.html);
  await writeFile(join(folder, `${name}.meta`), JSON.stringify(meta));
  await queueMail(deps.db, {
    kind: 'my_data_export',
    key: `my-data-export:${name}`,
    to: account.email,
    payload: { expires_at: meta.expires_at },
    sealed: seal(deps.mail.secret, token),
  });
}

/**
 * Opens an export's link for the session's account: answers the HTML summary with the JSON file inside it (as a
 * download), and deletes both. A link of another account, used or expired, is refused and stays as it was.
 */
export async function takeExport(privateDir: string, token: string, userId: number, now = new Date()) {
  const base = join(folderOf(privateDir), tokenHash(token));
  const meta = await readFile(`${base}.meta`, 'utf8').then(
    (text) => JSON.parse(text) as { user_id: number; expires_at: string },
    () => null,
  );
  if (!meta || Date.parse(meta.expires_at) <= now.getTime()) {
    throw new AppError('NOT_FOUND', EXPORT_GONE_MESSAGE, { code: 'INVALID_TOKEN' });
  }
  if (meta.user_id !== userId) {
    throw new AppError('FORBIDDEN', 'This link is for another account. Log in as the account that asked for it.');
  }
  // The move is the one use: of two openings at once, one renames the file and the other finds it gone.
  const taken = `${base}.taken-${randomBytes(6).toString('hex')}`;
  try {
    await rename(`${base}.meta`, taken);
  } catch {
    throw new AppError('NOT_FOUND', EXPORT_GONE_MESSAGE, { code: 'INVALID_TOKEN' });
  }
  const [json, html] = await Promise.all([readFile(`${base}.json`, 'utf8'), readFile(`${base}.html`, 'utf8')]);
  await Promise.all([taken, `${base}.json`, `${base}.html`].map((file) => rm(file, { force: true })));
  return { json, html, page: withJsonDownload(html, json) };
}

/** The summary page with the JSON file inside it, as a link that saves it: the one opening gives both. */
function withJsonDownload(html: string, json: string): string {
  const href = `data:application/json;base64,${Buffer.from(json).toString('base64')}`;
  const link = `<p><a download="kapaas-my-data.json" href="${href}">Download the JSON file</a> (save it now: this link works once).</p>`;
  return html.replace('</h1>', `</h1>\n${link}`);
}

/** Deletes the files of exports older than their link's day (left unopened, or a crash between two writes). */
export async function sweepExports(privateDir: string, now = new Date()): Promise<number> {
  const folder = folderOf(privateDir);
  const names = await readdir(folder).catch(() => [] as string[]);
  let deleted = 0;
  for (const name of names) {
    const file = join(folder, name);
    const info = await stat(file).catch(() => null);
    if (info && now.getTime() - info.mtimeMs >= EXPORT_LINK_MS) {
      await rm(file, { force: true });
      deleted += 1;
    }
  }
  return deleted;
}
