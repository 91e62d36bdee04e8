import { writeFileSync } from 'node:fs';
import { formatMoney } from '@landunits/domain';
import { describe, expect, it } from 'vitest';
import { pdfBytes } from '../../platform/pdf';
import { pdfPages } from '../../test/pdf-text';
import { drawInvoice, invoicePdf, masked, type InvoiceFacts } from './draw-invoice';

/** The drawing alone, on the extremes: long names and addresses, 10-digit amounts, every line item. */

const LONG = 'Bartholomew Maximilian Fitzgerald-Worthington-Smythe';
const BIG = 999_999_999_999; // 9,999,999,999.99

function facts(overrides: Partial<InvoiceFacts> = {}): InvoiceFacts {
  return {
    number: 'LU-2026-000123',
    kind: 'invoice',
    issuedAt: new Date('2026-11-25T09:00:00Z'),
    order: {
      id: '01KF0HJ080GRSVSGNS8826RFNJ',
      userId: 'u',
      orderType: 'BUY',
      unitType: 'LAND_EUR',
      numberOfUnits: 9_999_999_999,
      pricePerUnit: '1.077986',
      paymentMethod: 'Card_Stripe',
      isDoubleLand: true,
      payment: { subTotal: BIG, discount: 123_456_789_012, transactionFee: 100, fixedPercentageFees: 25_000_000_000, fixedCentsFees: 20, paymentAmount: BIG },
      referenceCode: 'DEMO-10OFF-WITH-A-VERY-LONG-CODE',
      bonusUnits: 2_500_000_000,
      sell: null,
      payout: null,
    },
    company: {
      legalName: 'Land Units Sustainable Land Management and Stewardship International Holdings Limited',
      address:
        'Suite 4000, The Very Long Building Name, 1234 Extraordinarily Long Street Name Avenue, Royal Leamington Spa, Warwickshire CV32 4AA, United Kingdom of Great Britain and Northern Ireland',
      registrationNumber: 'REG-1234567890-ABCDEFGHIJ',
      vatNumber: 'GB123456789012',
    },
    customer: {
      name: `${LONG} ${LONG}`,
      email: 'bartholomew.maximilian.fitzgerald-worthington@an-extremely-long-domain-name.example.com',
      isBusiness: true,
      businessName: `${LONG} Very Long Business Name Limited Partnership`,
      registrationNumber: 'BUS-9876543210',
      vatNumber: 'GB999999999999',
      addressLines: ['12345 Extraordinarily Long Street Name Avenue Upper Flat', 'Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch LL61 5UJ', 'United Kingdom'],
    },
    ...overrides,
  };
}

describe('the invoice drawing', () => {
  it('keeps long names and 10-digit amounts whole on one page, each amount on its line', async () => {
    const bytes = await pdfBytes(invoicePdf(facts()), (pdf) => drawInvoice(pdf, facts()));
    if (process.env.INVOICE_PDF_OUT) writeFileSync(`${process.env.INVOICE_PDF_OUT}/invoice-extreme.pdf`, bytes);
    const pages = await pdfPages(bytes);
    expect(pages).toHaveLength(1);
    const text = (pages[0] ?? []).join('\n');
    expect(text).toContain(`EUR Land Units (LU2X offer: half price) 9,999,999,999 €1.077986 ${formatMoney(BIG, 'EUR')}`);
    expect(text).toContain(`Bonus Units (code DEMO-10OFF-WITH-A-VERY-LONG-CODE) 2,500,000,000 €0.00`);
    expect(text).toContain(`Discount (code DEMO-10OFF-WITH-A-VERY-LONG-CODE) -€1,234,567,890.12`);
    expect(text).toContain('Payment method fee (percentage) €250,000,000.00');
    expect(text).toContain('Payment method fee (fixed) €0.20');
    expect(text).toContain(`Total paid ${formatMoney(BIG, 'EUR')}`);
    expect(text).toContain('Payment method Card');
    expect(text).toContain('Llanfairpwllgwyngyllgogeryc');
    expect(text).toContain('GB999999999999');
  });

  it('draws a sale statement with the payout account masked', async () => {
    const sale = facts({
      kind: 'sale_statement',
      order: {
        ...facts().order,
        orderType: 'SELL',
        paymentMethod: 'None',
        isDoubleLand: false,
        bonusUnits: 0,
        referenceCode: null,
        numberOfUnits: 9_999_999_999,
        payment: { subTotal: BIG, discount: 0, transactionFee: 1_000, fixedPercentageFees: 0, fixedCentsFees: 0, paymentAmount: BIG - 1_000 },
        sell: { unitsSold: 9_999_999_989, feeUnits: 10, payoutAmount: BIG - 1_000 },
        payout: {
          amountCents: BIG - 1_000,
          bankReference: 'FASTER-PAYMENT-REF-0000000001',
          bankDetails: { bankAccountName: LONG, iban: 'DE89370400440532013000', bankName: 'Rhein Bank' },
          paidAt: new Date('2026-11-25T09:00:00Z'),
        },
      },
    });
    const bytes = await pdfBytes(invoicePdf(sale), (pdf) => drawInvoice(pdf, sale));
    if (process.env.INVOICE_PDF_OUT) writeFileSync(`${process.env.INVOICE_PDF_OUT}/sale-extreme.pdf`, bytes);
    const pages = await pdfPages(bytes);
    expect(pages).toHaveLength(1);
    const text = (pages[0] ?? []).join('\n');
    expect(text).toContain('Sale statement LU-2026-000123');
    expect(text).toContain('Payout 9,999,999,989 €9,999,999,989.99');
    expect(text).toContain('IBAN •••• 3000');
    expect(text).not.toContain('DE89370400440532013000');
  });

  it('masks all but the last four characters', () => {
    expect(masked('31926819')).toBe('•••• 6819');
    expect(masked(' DE89 3704 0044 0532 0130 00 ')).toBe('•••• 3000');
    expect(masked('')).toBe('');
  });
});
