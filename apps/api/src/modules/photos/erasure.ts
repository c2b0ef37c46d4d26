import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type Database, type Queryable, sql } from '@kapaas/db';
import { inList, type PersonKeys, rowsOf } from '../../lib/person';
import { lockName, nameInUse } from './photos.repository';
import { folderOf, type PhotoPlaces } from './photos.service';

export interface ErasedPhoto {
  name: string;
  private: boolean;
  widths: number[];
}

/**
 * A person's photos (review and return photos alike) go with their erasure (issue 35): the rows now, in the
 * erasure's transaction; their files once it commits (`deletePhotoFiles`), so that a rollback never leaves a row
 * without its file.
 */
export async function deletePhotosOf(tx: Queryable, person: PersonKeys): Promise<ErasedPhoto[]> {
  return rowsOf<ErasedPhoto>(
    await tx.execute(sql`
      DELETE FROM shopper_photos WHERE user_id = ${person.userId} OR guest_id IN ${inList(person.guestIds)}
      RETURNING name, private, widths`),
  );
}

/**
 * Deletes the files of erased photos unless another photo still names them (files are named by their content, so
 * two shoppers' identical photos share them), each under its name's lock as the sweep does.
 */
export async function deletePhotoFiles(deps: PhotoPlaces & { db: Database }, photos: readonly ErasedPhoto[]) {
  for (const photo of photos) {
    await deps.db.transaction(async (tx) => {
      await lockName(tx, photo.name);
      if (await nameInUse(tx, photo.name, photo.private)) return;
      for (const width of photo.widths) {
        await rm(join(folderOf(deps, photo.private), `${photo.name}-${width}.webp`), { force: true });
      }
    });
  }
}
