import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressAllowed, fetchPicture, MAX_PICTURE_BYTES, readZip } from './pictures';

let server: Server;
let base: string;
const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/small.png') response.end(PNG_HEAD);
    else if (request.url === '/huge.png') {
      response.write(Buffer.alloc(MAX_PICTURE_BYTES));
      response.end(Buffer.alloc(1024));
    } else if (request.url === '/moved.png') {
      response.writeHead(302, { location: 'http://10.0.0.1/secret.png' });
      response.end();
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('addresses a picture may be fetched from', () => {
  it('refuses loopback, private, link-local and the like, also written as IPv6; allows public ones', () => {
    for (const address of ['127.0.0.1', '::1', '10.1.2.3', '172.16.5.4', '192.168.1.1', '169.254.169.254']) {
      expect(addressAllowed(address, 'public'), address).toBe(false);
    }
    for (const address of [
      '100.64.0.1',
      '0.0.0.0',
      'fe80::1',
      'fd00::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
      '::',
    ]) {
      expect(addressAllowed(address, 'public'), address).toBe(false);
    }
    for (const address of ['8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect(addressAllowed(address, 'public'), address).toBe(true);
    }
  });

  it("lets loopback through only under the tests' own policy, never a private address", () => {
    expect(addressAllowed('127.0.0.1', 'loopback-for-tests')).toBe(true);
    expect(addressAllowed('::1', 'loopback-for-tests')).toBe(true);
    expect(addressAllowed('10.1.2.3', 'loopback-for-tests')).toBe(false);
    expect(addressAllowed('169.254.169.254', 'loopback-for-tests')).toBe(false);
  });
});

describe('fetchPicture', () => {
  it('refuses a loopback address under the policy a running shop has, by name too, without fetching', async () => {
    expect(await fetchPicture(`${base}/small.png`, 'public')).toEqual({
      error: "'127.0.0.1' is a private or local address (127.0.0.1): only public addresses are fetched.",
    });
    const port = (server.address() as AddressInfo).port;
    const byName = await fetchPicture(`http://localhost:${port}/small.png`, 'public');
    expect('error' in byName && byName.error).toContain('is a private or local address');
  });

  it('takes the bytes from the test server under the test policy', async () => {
    expect(await fetchPicture(`${base}/small.png`, 'loopback-for-tests')).toEqual({ bytes: PNG_HEAD });
  });

  it('stops reading a picture over the size limit, follows no redirect, reports a missing one', async () => {
    const huge = await fetchPicture(`${base}/huge.png`, 'loopback-for-tests');
    expect('error' in huge && huge.error).toContain('is larger than 10 MB');
    const moved = await fetchPicture(`${base}/moved.png`, 'loopback-for-tests');
    expect('error' in moved && moved.error).toContain('answered 302 (a redirect');
    const missing = await fetchPicture(`${base}/nothing.png`, 'loopback-for-tests');
    expect('error' in missing && missing.error).toContain('answered 404');
  });
});

describe('readZip', () => {
  it('reads the entries asked for, by path or by file name, and cuts off one that inflates past the limit', () => {
    const zip = Buffer.from(
      zipSync({
        'a.png': PNG_HEAD,
        'photos/b.png': PNG_HEAD,
        'bomb.png': new Uint8Array(MAX_PICTURE_BYTES + 1),
        'other.png': PNG_HEAD,
      }),
    );
    expect(zip.length).toBeLessThan(100_000);
    const found = readZip(zip, new Set(['a.png', 'b.png', 'bomb.png']));
    expect(found.get('a.png')).toEqual(PNG_HEAD);
    expect(found.get('b.png')).toEqual(PNG_HEAD);
    expect(found.get('bomb.png')).toBe("'bomb.png' is larger than 10 MB.");
    expect(found.has('other.png')).toBe(false);
  });
});
