import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readHashed } from './imports.routes';

/** A multipart file stream as @fastify/multipart gives it: chunks, and `truncated` once cut off at the size limit. */
function fileStream(chunks: Buffer[], truncated: boolean) {
  return Object.assign(Readable.from(chunks), { truncated });
}

describe("an upload's file, hashed as it arrives", () => {
  it('answers its bytes and the SHA-256 of all of them, whatever the chunks', async () => {
    const chunks = Array.from({ length: 50 }, (_, k) => Buffer.alloc(16 * 1024 + k, k));
    const whole = Buffer.concat(chunks);
    const read = await readHashed(fileStream(chunks, false));
    expect(read.bytes.equals(whole)).toBe(true);
    expect(read.sha256).toBe(createHash('sha256').update(whole).digest('hex'));
  });

  it('refuses a file cut off at its size limit as too large (the form answers FILE_TOO_LARGE)', async () => {
    await expect(readHashed(fileStream([Buffer.from('a,b\n')], true))).rejects.toMatchObject({
      code: 'FST_REQ_FILE_TOO_LARGE',
    });
  });
});
