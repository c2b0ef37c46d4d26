import type { PhotoUploadAnswer, PhotoUploadFields } from '@kapaas/contract';
import { apiFailure, isRecord, readJson } from '@kapaas/web-kit';
import { ApiError, NETWORK_ERROR_MESSAGE } from '#storefront/lib/api.ts';

/**
 * POST /api/photo_upload: one photo as multipart with the session cookie, for the review of a product the shopper
 * received (`purpose: 'review'` and `product_id`) or for the return of their delivered order (`purpose: 'return'` and
 * `order_id`); the fields go before the file. The server checks it is a JPEG, PNG or WebP by its bytes and answers the
 * URL of the WebP it made (a return's is private: it opens only with this shopper's session); a refusal rejects with
 * its ApiError.
 */
export async function uploadPhoto(file: File, target: PhotoUploadFields): Promise<string> {
  const form = new FormData();
  for (const [name, value] of Object.entries(target)) form.append(name, String(value));
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch('/api/photo_upload', {
      method: 'POST',
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
      body: form,
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  const answer = await readJson(response);
  if (response.ok && isRecord(answer) && answer.success === true) return (answer as PhotoUploadAnswer).url;
  throw apiFailure(response.status, answer, NETWORK_ERROR_MESSAGE);
}
