import { CertificateFiguresSchema, normalizeCertificateCode } from '@landunits/domain';
import type { VerifiedCertificate } from '@landunits/domain/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { impactCertificates } from '../schema';

/** The certificate a code names, as anyone may see it (no name, no email); null for none or a malformed code. */
export async function findCertificate(db: Db, input: string): Promise<VerifiedCertificate | null> {
  const code = normalizeCertificateCode(input);
  if (!code) return null;
  const [row] = await db
    .select({ code: impactCertificates.code, issuedAt: impactCertificates.issuedAt, figures: impactCertificates.figures })
    .from(impactCertificates)
    .where(eq(impactCertificates.code, code))
    .limit(1);
  if (!row) return null;
  return { code: row.code, issuedAt: row.issuedAt.toISOString(), figures: CertificateFiguresSchema.parse(row.figures) };
}
