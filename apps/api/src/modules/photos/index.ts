// The photos module's public surface (ADR 035): photo_upload and a return photo for its shopper, the staff's way to a
// return's photo, what reviews and returns call to take their photos, and the sweep of photos nothing took. It alone
// writes shopper_photos.

export { deletePhotoFiles, deletePhotosOf, type ErasedPhoto } from './erasure';
export { DEFAULT_PHOTO_SWEEP_MS, photosPlugin } from './photos.plugin';
export type { PhotoRow } from './photos.repository';
export { PhotoFileParams, photoRoutes, sendPrivatePhoto } from './photos.routes';
export {
  attachReturnPhotos,
  claimReturnPhotos,
  folderOf,
  keepReviewPhotos,
  type PhotoDeps,
  type PhotoPlaces,
  photoUrl,
  RETURN_PHOTO_PREFIX,
  recordMovedReturnPhoto,
  staffPhotoUrl,
  staffReturnPhoto,
} from './photos.service';
export { sweepUnattachedPhotos, UNATTACHED_PHOTO_MS } from './sweep';
