import { createHash, randomBytes } from 'node:crypto';
import { CERTIFICATE_CODE_BYTES, certificateCodeFromBytes, CertificateFiguresSchema, type CertificateFigures } from '@landunits/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { impactCertificates } from '../schema';

/** A new code: 80 bits from the operating system's random source. */
export const newCertificateCode = (): string => certificateCodeFromBytes(randomBytes(CERTIFICATE_CODE_BYTES));

/** SHA-256 of the figures' JSON (keys in the schema's order, so the same figures give the same digest). */
export const figuresDigest = (figures: CertificateFigures): string =>
  createHash('sha256')
    .update(JSON.stringify(CertificateFiguresSchema.parse(figures)))
    .digest('hex');

export interface IssuedCertificate {
  code: string;
  issuedAt: Date;
}

/**
 * The certificate of these figures for this person today: the one already issued (the same day,
 * the same figures: a second download gives the same code), or a new one. The insert leaves an
 * existing row alone, so two downloads at once still give one code. The figures hold nothing
 * personal (CertificateFiguresSchema).
 */
export async function issueCertificate(db: Db, userId: string, figures: CertificateFigures, now: Date): Promise<IssuedCertificate> {
  const digest = figuresDigest(figures);
  const existing = () =>
    db
      .select({ code: impactCertificates.code, issuedAt: impactCertificates.issuedAt })
      .from(impactCertificates)
      .where(and(eq(impactCertificates.userId, userId), eq(impactCertificates.asOf, figures.asOf), eq(impactCertificates.figuresDigest, digest)))
      .limit(1);
  const [found] = await existing();
  if (found) return found;
  // A code already taken (80 random bits: never in practice) inserts nothing and is drawn again.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const [row] = await db
      .insert(impactCertificates)
      .values({ code: newCertificateCode(), userId, issuedAt: now, asOf: figures.asOf, figuresDigest: digest, figures })
      .onConflictDoNothing()
      .returning({ code: impactCertificates.code, issuedAt: impactCertificates.issuedAt });
    if (row) return row;
    const [raced] = await existing();
    if (raced) return raced;
  }
  throw new Error('Could not issue an impact certificate code');
}
