import { certificateVerifyPath } from '@landunits/domain';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { sendPdfBytes, type PdfOptions } from '../../../platform/pdf';
import type { UserRow } from '../../users';
import { IMPACT_CERTIFICATE_TITLE } from './draw-impact-certificate';
import type { ReportDocuments } from '../drawings';
import { documentFooter, holderName, holdingsToday, impactFiguresOf } from './holdings-today';
import { issueCertificate } from './store';

/**
 * DirectImpactCertificate: the person's share of each impact metric today, issued under a code
 * (the same code for the same figures on the same day) that /verify/{code} confirms publicly.
 */
export async function sendImpactCertificate(ctx: AppContext, reply: FastifyReply, user: UserRow): Promise<void> {
  const today = await holdingsToday(ctx, user.id);
  const figures = impactFiguresOf(today);
  const issued = await issueCertificate(ctx.db, user.id, figures, today.now);
  const options: PdfOptions = { title: IMPACT_CERTIFICATE_TITLE, footer: `${documentFooter(today)} · ${issued.code}`, createdAt: issued.issuedAt };
  const input = { holder: holderName(user), code: issued.code, verifyUrl: `${ctx.config.publicUrl}${certificateVerifyPath(issued.code)}`, issuedAt: issued.issuedAt, figures };
  const bytes = await ctx.documents.render('impactCertificate', { options, input } satisfies ReportDocuments['impactCertificate']);
  sendPdfBytes(reply, bytes, { filename: `land-units-impact-certificate-${figures.asOf}.pdf` });
}
