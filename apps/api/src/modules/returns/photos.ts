import { stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { AppError } from '../../lib/errors';

const UPLOADS = '/media/uploads/';

/**
 * Checks that every photo a shopper names is a file photo_upload wrote (under the media folder's uploads), so that a
 * request never points at a picture that does not exist. The contract has checked the shape of each URL already.
 */
export async function checkShopperPhotos(mediaDir: string, photos: readonly string[]): Promise<void> {
  for (const url of photos) {
    const name = url.startsWith(UPLOADS) ? url.slice(UPLOADS.length) : '';
    const found = name !== '' && name === basename(name) && (await isFile(join(mediaDir, 'uploads', name)));
    if (!found) {
      const message = 'This photo was not found. Please upload it again.';
      throw new AppError('INVALID_DATA', message, { errors: { photos: [message] } });
    }
  }
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
