import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runEvery } from '../../lib/periodic';
import type { PhotoPlaces } from './photos.service';
import { sweepUnattachedPhotos } from './sweep';

/** Hourly by default: a photo is deleted within the hour after its day is up. */
export const DEFAULT_PHOTO_SWEEP_MS = 60 * 60_000;

/**
 * The sweep of shoppers' photos that no review or return took (sweep.ts), every `photoSweepMs`; 0 turns it off
 * (tests run the sweep themselves, at a time they choose).
 */
export const photosPlugin = fp<PhotoPlaces & { photoSweepMs?: number | undefined }>(
  async (app: FastifyInstance, options) => {
    const interval = options.photoSweepMs ?? DEFAULT_PHOTO_SWEEP_MS;
    if (interval <= 0) return;
    const log = app.deps.log.child({ module: 'photos' });
    const deps = { db: app.deps.db, mediaDir: options.mediaDir, privateDir: options.privateDir };
    const pass = async () => {
      const swept = await sweepUnattachedPhotos(deps);
      if (swept.photos > 0) log.info(swept, 'deleted shoppers’ photos that no review or return took');
    };
    const stop = runEvery(interval, pass, (err) =>
      log.warn({ err }, 'the photo sweep failed; the next one tries again'),
    );
    app.addHook('onClose', stop);
  },
  { name: 'shopper-photos', dependencies: ['database'] },
);
