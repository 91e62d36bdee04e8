import { createHmac, timingSafeEqual } from 'node:crypto';
import { UNSUBSCRIBE_CATEGORIES, unsubscribeApiPath, unsubscribePagePath, type UnsubscribeCategory } from '@landunits/domain/contracts';
import type { Config } from '../../config';
import type { Unsubscribe } from '../../platform/mail/layout';

/**
 * Unsubscribe links: `<payload>.<mac>`, both base64url, where the payload names who (an account id,
 * or the subscription of a newsletter reader without an account: its row id, so the link stays
 * within the router's 200-character path parameter whatever the address) and which category, and the mac is
 * HMAC-SHA256 of the payload with LINK_SIGNING_SECRET. They do not expire (an old email's link must
 * still work) and are checked in constant time.
 */

export type UnsubscribeSubject = { userId: string } | { subscriberId: number };
export interface UnsubscribeClaim {
  subject: UnsubscribeSubject;
  category: UnsubscribeCategory;
}

const CATEGORIES: ReadonlySet<string> = new Set(UNSUBSCRIBE_CATEGORIES);
const PART = /^[A-Za-z0-9_-]+$/;

const mac = (secret: string, payload: string) => createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest();

export function signUnsubscribeToken(secret: string, claim: UnsubscribeClaim): string {
  const who = 'userId' in claim.subject ? `u:${claim.subject.userId}` : `s:${claim.subject.subscriberId}`;
  const payload = Buffer.from(`${who}:${claim.category}`).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** The claim of a genuine token; undefined for anything else (malformed, forged, altered). */
export function verifyUnsubscribeToken(secret: string, token: string): UnsubscribeClaim | undefined {
  if (token.length > 200) return undefined;
  const [payload, given, ...rest] = token.split('.');
  if (!payload || !given || rest.length || !PART.test(payload) || !PART.test(given)) return undefined;
  const expected = mac(secret, payload);
  const actual = Buffer.from(given, 'base64url');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return undefined;
  const text = Buffer.from(payload, 'base64url').toString('utf8');
  const kind = text.slice(0, 2);
  const last = text.lastIndexOf(':');
  const who = text.slice(2, last);
  const category = text.slice(last + 1);
  if (!CATEGORIES.has(category) || !who) return undefined;
  if (kind === 'u:') return { subject: { userId: who }, category: category as UnsubscribeCategory };
  if (kind === 's:' && /^\d{1,15}$/.test(who) && category === 'newsletter') return { subject: { subscriberId: Number(who) }, category };
  return undefined;
}

/** The unsubscribe part of an optional email: one token, in the one-click URL and the page's link. */
export function unsubscribeFor(config: Pick<Config, 'publicUrl' | 'linkSigningSecret'>, claim: UnsubscribeClaim): Unsubscribe {
  const token = signUnsubscribeToken(config.linkSigningSecret, claim);
  return {
    category: claim.category,
    oneClickUrl: `${config.publicUrl}${unsubscribeApiPath(token)}`,
    pageUrl: `${config.publicUrl}${unsubscribePagePath(token)}`,
  };
}
