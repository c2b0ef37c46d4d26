import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '@kapaas/db';
import { deleteDue, lockName, nameInUse, namesDue } from './photos.repository';
import { folderOf, type PhotoPlaces } from './photos.service';

/** How long a photo may wait for its review or return: a shopper fills the form in one sitting, or the next day. */
export const UNATTACHED_PHOTO_MS = 24 * 60 * 60_000;
/** Content names looked at per batch; a pass goes on until none is left. */
const BATCH = 200;

/**
 * Deletes the photos no review or return holds a day after their upload (`now` − UNATTACHED_PHOTO_MS), and their
 * files unless another photo still names them: the files are named by their content, so two shoppers' identical
 * photos share them. Each name is decided under its lock (as photo_upload writes under it), so a file is never
 * deleted while an upload of the same bytes records it. Safe in several processes. Answers what it deleted.
 */
export async function sweepUnattachedPhotos(
  deps: PhotoPlaces & { db: Database },
  now = new Date(),
): Promise<{ photos: number; files: number }> {
  const before = new Date(now.getTime() - UNATTACHED_PHOTO_MS);
  const swept = { photos: 0, files: 0 };
  for (;;) {
    const due = await namesDue(deps.db, before, BATCH);
    for (const { name, private: isPrivate } of due) {
      await deps.db.transaction(async (tx) => {
        await lockName(tx, name);
        const deleted = await deleteDue(tx, name, isPrivate, before);
        swept.photos += deleted.length;
        if (deleted.length === 0 || (await nameInUse(tx, name, isPrivate))) return;
        const widths = new Set(deleted.flatMap((row) => row.widths));
        for (const width of widths) {
          await rm(join(folderOf(deps, isPrivate), `${name}-${width}.webp`), { force: true });
          swept.files += 1;
        }
      });
    }
    if (due.length < BATCH) return swept;
  }
}
