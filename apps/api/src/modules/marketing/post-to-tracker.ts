import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * One POST of JSON to the marketing tracker: 5 s at most, redirects never followed (a 3xx is a
 * failure), and, unless `allowPrivate`, only to public addresses: every address the name resolves
 * to is checked in the connection's own lookup, so the address checked is the one connected to.
 */

export const TRACKER_TIMEOUT_MS = 5_000;

const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class TrackerRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TrackerRefusedError';
  }
}

/** A lookup that refuses private and loopback answers. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as LookupAddress[];
    const bad = list.find((a) => isPrivateAddress(a.address));
    if (bad || list.length === 0) return callback(new TrackerRefusedError(`the tracker host ${hostname} resolves to a private address`), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    const first = list[0] as LookupAddress;
    return callback(null, first.address, first.family);
  });
};

export function postJson(target: string, body: unknown, options: { secret: string; allowPrivate: boolean; timeoutMs?: number }): Promise<number> {
  const url = new URL(target);
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (!options.allowPrivate && (url.protocol !== 'https:' || (isIP(literal) !== 0 && isPrivateAddress(literal)))) {
    return Promise.reject(new TrackerRefusedError('the tracker must be a public https address'));
  }
  const data = JSON.stringify(body);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        timeout: options.timeoutMs ?? TRACKER_TIMEOUT_MS,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
          'user-agent': 'LandUnits-tracker/1',
          ...(options.secret ? { authorization: `Bearer ${options.secret}` } : {}),
        },
        ...(options.allowPrivate ? {} : { lookup: publicOnlyLookup }),
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve(status);
          else reject(new Error(`the tracker answered ${status}${status >= 300 && status < 400 ? ' (redirects are not followed)' : ''}`));
        });
        response.on('error', reject);
      },
    );
    const timer = setTimeout(() => request.destroy(new Error(`the tracker took more than ${options.timeoutMs ?? TRACKER_TIMEOUT_MS} ms`)), options.timeoutMs ?? TRACKER_TIMEOUT_MS);
    request.on('timeout', () => request.destroy(new Error('the tracker timed out')));
    request.on('error', reject);
    request.on('close', () => clearTimeout(timer));
    request.end(data);
  });
}
