import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { basename } from 'node:path';
import { ImageUrl } from '@kapaas/contract';
import { Unzip, UnzipInflate, UnzipPassThrough } from 'fflate';

/** The largest picture taken from the ZIP or from an address, before it is converted like an upload. */
export const MAX_PICTURE_BYTES = 10 * 1024 * 1024;
/** How long fetching one picture may take, from connecting to its last byte. */
export const PICTURE_FETCH_MS = 15_000;

/**
 * Which addresses a picture may be fetched from. `public` is the only policy a running shop has; `loopback-for-tests`
 * also lets 127.0.0.1 and ::1 through, for a test's own picture server, and is reachable only through the test
 * harness's AppOptions (ADR 064): no setting or environment variable sets it.
 */
export type PictureAddressPolicy = 'public' | 'loopback-for-tests';

/** Where the import finds the pictures its rows name. */
export interface PictureSource {
  /** The ZIP's entries the file names, or undefined when no ZIP was sent. */
  zip: Map<string, Buffer | string> | undefined;
  fetchUrls: boolean;
  policy: PictureAddressPolicy;
  /** The shop's own address: an image URL under its /media/ is kept as it is (Kapaas's export round trip). */
  publicUrl: string;
}

/** What a row's picture became: an image already in the shop, bytes to convert, or why it could not be taken. */
export type Picture = { kept: string } | { bytes: Buffer } | { error: string };

/** Addresses never fetched: loopback, private, link-local, carrier-grade NAT, multicast and the unspecified ones. */
function blockedAddresses(policy: PictureAddressPolicy): BlockList {
  const list = new BlockList();
  const v4 = ['0.0.0.0/8', '10.0.0.0/8', '100.64.0.0/10', '169.254.0.0/16', '172.16.0.0/12', '192.0.0.0/24'];
  v4.push('192.168.0.0/16', '198.18.0.0/15', '224.0.0.0/4', '240.0.0.0/4');
  if (policy !== 'loopback-for-tests') v4.push('127.0.0.0/8');
  for (const subnet of v4) {
    const [address = '', prefix = '32'] = subnet.split('/');
    list.addSubnet(address, Number(prefix), 'ipv4');
  }
  for (const subnet of ['::/128', 'fc00::/7', 'fe80::/10', 'ff00::/8', '64:ff9b::/96', '2001:db8::/32']) {
    const [address = '', prefix = '128'] = subnet.split('/');
    list.addSubnet(address, Number(prefix), 'ipv6');
  }
  if (policy !== 'loopback-for-tests') list.addAddress('::1', 'ipv6');
  return list;
}

/** Whether an address may be fetched from; an IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as IPv4. */
export function addressAllowed(address: string, policy: PictureAddressPolicy): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const plain = mapped ?? address;
  const family = isIP(plain);
  if (family === 0) return false;
  return !blockedAddresses(policy).check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The entries of a ZIP that `names` asks for (by path, or by file name when the ZIP keeps them in a folder), inflated
 * as a stream: an entry is cut off as soon as it passes MAX_PICTURE_BYTES, whatever its header claims, so a ZIP bomb
 * costs at most that much memory per entry. An entry that could not be read is answered as the reason, in words.
 */
export function readZip(zip: Buffer, names: Set<string>): Map<string, Buffer | string> {
  const found = new Map<string, Buffer | string>();
  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  unzip.onfile = (file) => {
    const wanted = names.has(file.name) ? file.name : names.has(basename(file.name)) ? basename(file.name) : undefined;
    if (wanted === undefined || found.has(wanted)) return;
    const chunks: Uint8Array[] = [];
    let size = 0;
    file.ondata = (error, data, final) => {
      if (found.has(wanted)) return;
      if (error) {
        found.set(wanted, `'${wanted}' in the ZIP could not be read.`);
        return;
      }
      size += data.length;
      if (size > MAX_PICTURE_BYTES) {
        found.set(wanted, `'${wanted}' is larger than ${MAX_PICTURE_BYTES / 1024 / 1024} MB.`);
        file.terminate();
        return;
      }
      chunks.push(data);
      if (final) found.set(wanted, Buffer.concat(chunks));
    };
    try {
      file.start();
    } catch {
      found.set(wanted, `'${wanted}' is stored in the ZIP in a way the shop cannot read (use "deflate" or "store").`);
    }
  };
  unzip.push(zip, true);
  return found;
}

/** The shop's own image URL of `src` (/media/…, or the shop's address followed by it), or undefined. */
function ownImage(src: string, publicUrl: string): string | undefined {
  const path = src.startsWith(`${publicUrl}/media/`) ? src.slice(publicUrl.length) : src;
  return path.startsWith('/media/') && ImageUrl.safeParse(path).success ? path : undefined;
}

/** A row's picture: the shop's own image kept, a ZIP entry, or a URL fetched when this import allows it. */
export async function pictureOf(src: string, source: PictureSource): Promise<Picture> {
  const own = ownImage(src, source.publicUrl);
  if (own) return { kept: own };
  if (/^[a-z][a-z0-9+.-]*:/i.test(src)) {
    if (!/^https?:\/\//i.test(src)) return { error: `'${src}' is not an http or https address.` };
    if (!source.fetchUrls) return { error: `'${src}' is an address: tick "fetch image URLs" to take it.` };
    return fetchPicture(src, source.policy);
  }
  if (!source.zip) return { error: `'${src}' names a file, but no ZIP of pictures came with the CSV.` };
  const entry = source.zip.get(src) ?? source.zip.get(basename(src));
  if (entry === undefined) return { error: `'${src}' is not in the ZIP of pictures.` };
  return typeof entry === 'string' ? { error: entry } : { bytes: entry };
}

/**
 * A picture from an address: the name is resolved once and every address it gives is checked (one private address
 * refuses it, as a name may answer differently the next time); the connection goes to the checked address, not to a
 * second resolution. No redirect is followed; the size and the time are limited.
 */
export async function fetchPicture(src: string, policy: PictureAddressPolicy): Promise<Picture> {
  const url = new URL(src);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
  } catch {
    return { error: `'${url.hostname}' could not be found.` };
  }
  const refused = addresses.find((a) => !addressAllowed(a.address, policy));
  if (refused || addresses.length === 0) {
    return {
      error: `'${url.hostname}' is a private or local address (${refused?.address ?? 'none'}): only public addresses are fetched.`,
    };
  }
  const checked = addresses[0] as { address: string; family: number };
  return download(url, checked);
}

function download(url: URL, checked: { address: string; family: number }): Promise<Picture> {
  const pinned: LookupFunction = (_host, options, done) => {
    if (options.all) done(null, [checked]);
    else done(null, checked.address, checked.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Picture>((resolve) => {
    const request = client.get(url, { lookup: pinned, timeout: PICTURE_FETCH_MS }, (response) => {
      const status = response.statusCode ?? 0;
      if (status !== 200) {
        response.resume();
        resolve({
          error: `'${url.href}' answered ${status}${status >= 300 && status < 400 ? ' (a redirect: give the final address)' : ''}.`,
        });
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_PICTURE_BYTES) {
          request.destroy();
          resolve({ error: `'${url.href}' is larger than ${MAX_PICTURE_BYTES / 1024 / 1024} MB.` });
        } else chunks.push(chunk);
      });
      response.on('end', () => resolve({ bytes: Buffer.concat(chunks) }));
      response.on('error', () => resolve({ error: `'${url.href}' could not be read to the end.` }));
    });
    const deadline = setTimeout(() => request.destroy(new Error('deadline')), PICTURE_FETCH_MS);
    request.on('close', () => clearTimeout(deadline));
    request.on('timeout', () => request.destroy(new Error('deadline')));
    request.on('error', (error) =>
      resolve({
        error:
          error.message === 'deadline'
            ? `'${url.href}' took longer than ${PICTURE_FETCH_MS / 1000} s.`
            : `'${url.href}' could not be fetched (${error.message}).`,
      }),
    );
  });
}
