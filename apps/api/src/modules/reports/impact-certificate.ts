import { certificateVerifyPath } from '@landunits/domain';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../platform/context';
import { createPdf, sendPdf } from '../../platform/pdf';
import type { UserRow } from '../users';
import { drawImpactCertificate, IMPACT_CERTIFICATE_TITLE } from './certificates/draw-impact-certificate';
import { issueCertificate } from './certificates/issue-certificate';
import { documentFooter } from './current-value';
import { holderName, holdingsToday, impactFiguresOf } from './holdings-today';

/**
 * DirectImpactCertificate: the person's share of each impact metric today, issued under a code
 * (the same code for the same figures on the same day) that /verify/{code} confirms publicly.
 */
export async function sendImpactCertificate(ctx: AppContext, reply: FastifyReply, user: UserRow): Promise<FastifyReply> {
  const today = await holdingsToday(ctx, user.id);
  const figures = impactFiguresOf(today);
  const issued = await issueCertificate(ctx.db, user.id, figures, today.now);
  const pdf = createPdf({ title: IMPACT_CERTIFICATE_TITLE, footer: `${documentFooter(today)} · ${issued.code}`, createdAt: issued.issuedAt });
  const sent = sendPdf(reply, pdf, { filename: `land-units-impact-certificate-${figures.asOf}.pdf` });
  drawImpactCertificate(pdf, { holder: holderName(user), code: issued.code, verifyUrl: `${ctx.config.publicUrl}${certificateVerifyPath(issued.code)}`, issuedAt: issued.issuedAt, figures });
  pdf.end();
  return sent;
}
