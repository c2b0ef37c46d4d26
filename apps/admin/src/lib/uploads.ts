import type { AdminUploadAnswer } from '@kapaas/contract';
import { adminRequest } from './api';

/** Uploads one image (POST /admin/api/uploads); the server checks it and answers its WebP URL. */
export function uploadImage(file: File): Promise<AdminUploadAnswer> {
  const form = new FormData();
  form.append('file', file);
  return adminRequest<AdminUploadAnswer>('POST', 'uploads', { body: form });
}
