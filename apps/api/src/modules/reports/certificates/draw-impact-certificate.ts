import { CURRENCY_SYMBOLS, formatDate, formatMoney, type CertificateFigures } from '@landunits/domain';
import type { PdfDocument } from '../../../platform/pdf';

export interface ImpactCertificateInput {
  holder: string;
  code: string;
  verifyUrl: string;
  issuedAt: Date;
  figures: CertificateFigures;
}

export const IMPACT_CERTIFICATE_TITLE = 'Direct impact certificate';

/**
 * The direct impact certificate (PRODUCT-DECISIONS §10): to whom, on which day, each metric of the
 * land with the holder's share of it, how the share was worked out, and the code with the address
 * that confirms it. Names wrap within their column; table cells shrink, then end with an ellipsis.
 */
export function drawImpactCertificate(pdf: PdfDocument, input: ImpactCertificateInput): void {
  const { figures } = input;
  const day = formatDate(`${figures.asOf}T00:00:00Z`, 'DD MMM YYYY');
  pdf.heading(IMPACT_CERTIFICATE_TITLE, 20);
  pdf.paragraph(`Land Units certifies that the Units held by the holder named below carry, on ${day}, the share shown of the impact of the sustainably managed land behind Land Units.`);
  pdf.keyValues([
    ['Issued to', input.holder],
    ['Date of the figures', `${day} (prices of that day)`],
    ['Issued', `${formatDate(input.issuedAt, 'DD MMM YYYY')} ${input.issuedAt.toISOString().slice(11, 16)} UTC`],
    ['Certificate code', input.code],
    ['Verify at', input.verifyUrl],
  ]);

  pdf.heading('Your share of the impact', 13);
  const metrics = pdf.table([
    { title: 'Impact metric', width: 5 },
    { title: 'On the land', width: 2, align: 'right' },
    { title: 'Your share', width: 2.6, align: 'right' },
  ]);
  for (const m of figures.metrics) metrics.row([m.label, `${m.metricPercent}%`, `${m.yoursPercent}%`]);

  pdf.heading('How your share is worked out', 13);
  if (figures.holdings.length === 0) {
    pdf.paragraph('You held no Units on this day, so your share of every metric is 0.');
  } else {
    const shares = pdf.table([
      { title: 'Currency', width: 1.5 },
      { title: 'Your Units’ value today', width: 2.6, align: 'right' },
      { title: 'Land value held', width: 2.6, align: 'right' },
      { title: 'Share of the land', width: 2, align: 'right' },
    ]);
    for (const h of figures.holdings) {
      shares.row([`${h.currency} (${CURRENCY_SYMBOLS[h.currency]})`, formatMoney(h.valueTodayCents, h.currency), formatMoney(h.landValueCents, h.currency), `${h.landSharePercent}%`]);
    }
    shares.row(['All currencies', '', '', `${figures.landSharePercent}%`], { bold: true, shade: true });
  }
  pdf.y += 4;
  pdf.paragraph(
    'Your share of a metric = the metric × your Units’ value today ÷ the value of the land held. Holdings in several currencies are added as shares of the land, never as money: each currency’s land value is the GBP land value at that currency’s rate. Shares are rounded to three significant figures.',
    { size: 8.5, muted: true },
  );
  pdf.paragraph(
    'Anyone you give the code to can check this certificate at the address above: the page shows its date and figures, never your name or email. A Unit is not ownership of land. This certificate is not investment advice.',
    { size: 8.5, muted: true },
  );
}
