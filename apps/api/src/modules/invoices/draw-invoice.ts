import { companyLine, currencyOf, formatDate, formatMoney, formatPrice, formatUnits, INVOICE_KIND_LABELS, type CompanyDetails, type InvoiceKind, type PaymentMethod } from '@landunits/domain';
import type { PayoutBankDetails } from '@landunits/domain/contracts';
import { createPdf, type PdfDocument } from '../../platform/pdf';
import type { InvoiceOrder } from './invoice-order';

/** Everything one invoice or sale statement prints: its number, its order and both parties. */
export interface InvoiceFacts {
  number: string;
  kind: InvoiceKind;
  issuedAt: Date;
  order: InvoiceOrder;
  company: CompanyDetails;
  customer: {
    name: string;
    email: string;
    isBusiness: boolean;
    businessName: string;
    registrationNumber: string;
    vatNumber: string;
    addressLines: string[];
  };
}

/** What customers read: "Card", never the provider behind it. */
const METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  Bank: 'Bank transfer',
  Crypto: 'Crypto',
  Card_Square: 'Card',
  Card_Stripe: 'Card',
  None: 'None',
};

export const invoiceTitle = (facts: Pick<InvoiceFacts, 'kind' | 'number'>) => `${INVOICE_KIND_LABELS[facts.kind]} ${facts.number}`;
export const invoiceFilename = (facts: Pick<InvoiceFacts, 'number'>) => `${facts.number}.pdf`;

/** A blank PDF of this invoice: A4, branded, its number in the header, the seller's legal name at the foot. */
export function invoicePdf(facts: InvoiceFacts): PdfDocument {
  const { company } = facts;
  const footer = companyLine(company);
  return createPdf({ title: invoiceTitle(facts), footer, createdAt: facts.issuedAt });
}

/** Only the last four characters of an account number or IBAN. */
export function masked(value: string | undefined): string {
  const compact = (value ?? '').replace(/\s+/g, '');
  if (!compact) return '';
  return `•••• ${compact.slice(-4)}`;
}

function accountLine(bank: PayoutBankDetails): string {
  if (bank.iban) return `IBAN ${masked(bank.iban)}`;
  const parts = [bank.sortCode && `Sort code ${bank.sortCode}`, bank.bankAccountNumber && `Account ${masked(bank.bankAccountNumber)}`, bank.routingNumber && `Routing ${bank.routingNumber}`];
  return parts.filter(Boolean).join(', ');
}

/** The seller (left) and the customer (right), side by side. */
function drawParties(pdf: PdfDocument, facts: InvoiceFacts): void {
  const { company, customer } = facts;
  const gap = 18;
  const half = (pdf.width - gap) / 2;
  const top = pdf.y;
  pdf.font('bold', 9, '#4d5952').doc.text(facts.kind === 'invoice' ? 'FROM' : 'PAID BY', pdf.left, top, { width: half });
  pdf.font('bold', 9, '#4d5952').doc.text(facts.kind === 'invoice' ? 'BILLED TO' : 'PAID TO', pdf.left + half + gap, top, { width: half });
  pdf.y = top + 14;
  const seller: [string, string][] = [
    ['Name', company.legalName],
    ['Address', company.address],
    ['Company number', company.registrationNumber],
    ...(company.vatNumber ? ([['VAT number', company.vatNumber]] as [string, string][]) : []),
  ];
  const business = customer.isBusiness && customer.businessName;
  const buyer: [string, string][] = [
    ...(business
      ? ([
          ['Business', customer.businessName],
          ['Contact', customer.name],
        ] as [string, string][])
      : ([['Name', customer.name]] as [string, string][])),
    ['Address', customer.addressLines.length ? customer.addressLines.join('\n') : 'No address given'],
    ...(business && customer.registrationNumber ? ([['Company number', customer.registrationNumber]] as [string, string][]) : []),
    ...(business && customer.vatNumber ? ([['VAT number', customer.vatNumber]] as [string, string][]) : []),
    ['Email', customer.email],
  ];
  const blockTop = pdf.y;
  pdf.keyValues(seller, { x: pdf.left, width: half, labelWidth: 100 });
  const leftBottom = pdf.y;
  pdf.y = blockTop;
  pdf.keyValues(buyer, { x: pdf.left + half + gap, width: half, labelWidth: 100 });
  pdf.y = Math.max(leftBottom, pdf.y) + 6;
}

function drawHeader(pdf: PdfDocument, facts: InvoiceFacts): void {
  const { order } = facts;
  pdf.heading(invoiceTitle(facts), 16);
  const paidLabel = facts.kind === 'invoice' ? 'Payment method' : 'Payout method';
  pdf.keyValues([
    [`${INVOICE_KIND_LABELS[facts.kind]} number`, facts.number],
    ['Issue date', formatDate(facts.issuedAt, 'DD MMM YYYY')],
    ['Order', order.id],
    [paidLabel, facts.kind === 'invoice' ? METHOD_LABELS[order.paymentMethod] : 'Bank transfer'],
    ['Currency', currencyOf(order.unitType)],
  ]);
  pdf.y += 8;
  drawParties(pdf, facts);
}

/** The line items exactly as the buy's breakdown: units × price, discount, each fee, total. */
function drawInvoiceLines(pdf: PdfDocument, order: InvoiceOrder): void {
  const currency = currencyOf(order.unitType);
  const money = (cents: number) => formatMoney(cents, currency);
  const price = order.pricePerUnit ? formatPrice(order.pricePerUnit, currency, 6) : '';
  const p = order.payment ?? { subTotal: 0, discount: 0, transactionFee: 0, fixedPercentageFees: 0, fixedCentsFees: 0, paymentAmount: 0 };
  pdf.heading('Items', 11);
  const table = pdf.table(
    [
      { title: 'Description', width: 5 },
      { title: 'Quantity', width: 1.6, align: 'right' },
      { title: 'Unit price', width: 1.9, align: 'right' },
      { title: 'Amount', width: 2.2, align: 'right' },
    ],
    { rowHeight: 20, size: 9 },
  );
  table.row([`${currency} Land Units${order.isDoubleLand ? ' (LU2X offer: half price)' : ''}`, formatUnits(order.numberOfUnits), price, money(p.subTotal)]);
  if (order.bonusUnits > 0) table.row([`Bonus Units${order.referenceCode ? ` (code ${order.referenceCode})` : ''}`, formatUnits(order.bonusUnits), '', money(0)], { muted: true });
  table.row(['Subtotal', '', '', money(p.subTotal)], { bold: true });
  if (p.discount > 0) table.row([`Discount${order.referenceCode ? ` (code ${order.referenceCode})` : ''}`, '', '', money(-p.discount)]);
  table.row(['Purchase fee', '', '', money(p.transactionFee)]);
  if (p.fixedPercentageFees > 0) table.row(['Payment method fee (percentage)', '', '', money(p.fixedPercentageFees)]);
  if (p.fixedCentsFees > 0) table.row(['Payment method fee (fixed)', '', '', money(p.fixedCentsFees)]);
  table.row(['Total paid', '', '', money(p.paymentAmount)], { bold: true, shade: true });
}

function drawSaleLines(pdf: PdfDocument, order: InvoiceOrder): void {
  const currency = currencyOf(order.unitType);
  const money = (cents: number) => formatMoney(cents, currency);
  const price = order.pricePerUnit ? formatPrice(order.pricePerUnit, currency, 6) : '';
  const p = order.payment ?? { subTotal: 0, discount: 0, transactionFee: 0, fixedPercentageFees: 0, fixedCentsFees: 0, paymentAmount: 0 };
  const feeUnits = order.sell?.feeUnits ?? 0;
  const payout = order.payout?.amountCents ?? order.sell?.payoutAmount ?? p.paymentAmount;
  pdf.heading('Sale', 11);
  const table = pdf.table(
    [
      { title: 'Description', width: 5 },
      { title: 'Units', width: 1.6, align: 'right' },
      { title: 'Price per Unit', width: 1.9, align: 'right' },
      { title: 'Amount', width: 2.2, align: 'right' },
    ],
    { rowHeight: 20, size: 9 },
  );
  table.row([`${currency} Land Units sold`, formatUnits(order.numberOfUnits), price, money(p.subTotal)]);
  table.row([`Sell fee (${formatUnits(feeUnits)} Units)`, formatUnits(feeUnits), price, money(-p.transactionFee)]);
  table.row(['Payout', formatUnits(order.sell?.unitsSold ?? order.numberOfUnits - feeUnits), '', money(payout)], { bold: true, shade: true });
}

function drawPayout(pdf: PdfDocument, order: InvoiceOrder): void {
  const payout = order.payout;
  if (!payout) return;
  pdf.heading('Paid to your bank account', 11);
  const bank = payout.bankDetails;
  pdf.keyValues([
    ['Account name', bank.bankAccountName],
    ...(bank.bankName ? ([['Bank', bank.bankName]] as [string, string][]) : []),
    ['Account', accountLine(bank) || '—'],
    ['Bank reference', payout.bankReference],
    ['Paid on', formatDate(payout.paidAt, 'DD MMM YYYY')],
  ]);
}

/** Draws the whole invoice or sale statement (one page for any order). */
export function drawInvoice(pdf: PdfDocument, facts: InvoiceFacts): void {
  drawHeader(pdf, facts);
  if (facts.kind === 'invoice') {
    drawInvoiceLines(pdf, facts.order);
    pdf.y += 10;
    pdf.paragraph(`Paid in full by ${METHOD_LABELS[facts.order.paymentMethod].toLowerCase()} on ${formatDate(facts.issuedAt, 'DD MMM YYYY')}. Thank you for your purchase.`);
  } else {
    drawSaleLines(pdf, facts.order);
    pdf.y += 6;
    drawPayout(pdf, facts.order);
    pdf.y += 6;
    pdf.paragraph(`Your sale was completed on ${formatDate(facts.issuedAt, 'DD MMM YYYY')}: the Units were sold and the payout sent to the account above.`);
  }
  pdf.paragraph('A Land Unit is backed by sustainably managed land; it is not ownership of land. This document is not investment advice.', { size: 8, muted: true });
  pdf.paragraph(`Questions about this document? Quote ${facts.number} and your order id when you contact us.`, { size: 8, muted: true });
}
