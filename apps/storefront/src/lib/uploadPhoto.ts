import type { PhotoUploadAnswer } from '@kapaas/contract';
import { apiFailure, isRecord, readJson } from '@kapaas/web-kit';
import { ApiError, NETWORK_ERROR_MESSAGE } from '#storefront/lib/api.ts';

/**
 * POST /api/photo_upload, for a review or a return: one photo as multipart (field `file`) with the session cookie. The server checks it is a
 * JPEG, PNG or WebP by its bytes and answers the URL of the WebP it made; a refusal rejects with its ApiError.
 */
export async function uploadPhoto(file: File): Promise<string> {
  const form = new FormData();
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
