import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { sendPdfBytes, type PdfOptions } from '../../../platform/pdf';
import type { UserRow } from '../../users';
import { CURRENT_VALUE_TITLE } from './draw-current-value';
import type { ReportDocuments } from '../drawings';
import { documentFooter, holderName, holdingsToday } from './holdings-today';

/** CurrentValueDownload: the dated PDF of the person's holdings with today's price, value, cost and profit, streamed. */
export async function sendCurrentValue(ctx: AppContext, reply: FastifyReply, user: UserRow): Promise<void> {
  const today = await holdingsToday(ctx, user.id);
  const options: PdfOptions = { title: CURRENT_VALUE_TITLE, footer: documentFooter(today), createdAt: today.now };
  const input = { holder: holderName(user), asOf: today.asOf, createdAt: today.now, prices: today.prices, holdings: today.holdings };
  const bytes = await ctx.documents.render('currentValue', { options, input } satisfies ReportDocuments['currentValue']);
  sendPdfBytes(reply, bytes, { filename: `land-units-current-value-${today.asOf}.pdf` });
}
