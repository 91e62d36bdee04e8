import { companyLine } from '@landunits/domain';
import type { FastifyReply } from 'fastify';
import type { DbContext } from '../../platform/context';
import { createPdf, sendPdf } from '../../platform/pdf';
import type { UserRow } from '../users';
import { CURRENT_VALUE_TITLE, drawCurrentValue } from './certificates/draw-current-value';
import { holderName, holdingsToday } from './holdings-today';

/** The foot of the current value and the certificate: the company's legal details and the one warning that matters. */
export const documentFooter = (today: { company: Parameters<typeof companyLine>[0] }) => `${companyLine(today.company)} · Not investment advice`;

/** CurrentValueDownload: the dated PDF of the person's holdings with today's price, value, cost and profit, streamed. */
export async function sendCurrentValue(ctx: DbContext, reply: FastifyReply, user: UserRow): Promise<FastifyReply> {
  const today = await holdingsToday(ctx, user.id);
  const pdf = createPdf({ title: CURRENT_VALUE_TITLE, footer: documentFooter(today), createdAt: today.now });
  const sent = sendPdf(reply, pdf, { filename: `land-units-current-value-${today.asOf}.pdf` });
  drawCurrentValue(pdf, { holder: holderName(user), asOf: today.asOf, createdAt: today.now, prices: today.prices, holdings: today.holdings });
  pdf.end();
  return sent;
}
