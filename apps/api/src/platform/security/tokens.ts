import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, base64url (43 characters): for session cookies and emailed links. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/** Only this hash is stored, so a copy of the database opens no session and follows no link. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
