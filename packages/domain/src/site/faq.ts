import { formatMoney } from '../format/format';
import { parseDecimal, rationalToDecimal } from '../money/decimal';
import { DEFAULT_MONEY_SETTINGS } from '../money/settings';
import { CURRENCIES } from '../money/unit-types';

/**
 * The questions and answers of SPEC §1, in the SPEC's order. One source for the FAQ page, the home
 * page's FAQ section and the FAQPage structured data the server writes, so every answer is plain
 * text: no markup, no links (pages add their own links around it).
 *
 * Figures come from the default money settings (PRODUCT-DECISIONS §1, §2) rather than being typed
 * again. They are admin-editable; the answers name them as defaults where that matters and point
 * to the pages that show the stored values (Fees, Statistics).
 */
export interface FaqEntry {
  /** URL anchor of the entry: /faq#what-is-a-unit. */
  readonly id: string;
  readonly question: string;
  /** Paragraphs of plain text. */
  readonly answer: readonly string[];
}

function buildFaq(): readonly FaqEntry[] {
  const s = DEFAULT_MONEY_SETTINGS;
  const growth = parseDecimal(s.growthPerYear, 'growth');
  // '0.075' → '7.5': the yearly growth as a percentage, from its digits (never through a float).
  const growthPercent = rationalToDecimal({ num: growth.num * 100n, den: growth.den }, 4).replace(/\.?0+$/, '');
  const maxForSale = rationalToDecimal({ num: BigInt(s.maxLandUnitsForSaleBasisPoints), den: 100n }, 2).replace(/\.?0+$/, '');
  const sellFee = s.sellOrderTransactionFeeInUnits;
  const buyFees = CURRENCIES.map((currency) => formatMoney(s.buyOrderTransactionFeeInCents[currency], currency));
  const buyFeeList = `${buyFees.slice(0, -1).join(', ')} or ${buyFees[buyFees.length - 1]}`;
  const notAdvice = 'Nothing on this site is investment advice.';

  return [
    {
      id: 'how-do-units-increase-in-price',
      question: 'How do Units increase in price?',
      answer: [
        `The price of a Unit rises every day at a fixed yearly rate set by Land Units: ${growthPercent} % a year by default. The new price applies from 00:00 UTC each day, in each of the four currencies: GBP, USD, EUR and AUD.`,
        'The price does not move with a market or with demand. Land Units sets the rate and may change it; the rate in use is shown on the Statistics page, and today’s price on your dashboard.',
        `A rising price is not a promise of profit: fees are charged when you buy and when you sell. ${notAdvice}`,
      ],
    },
    {
      id: 'how-do-i-sell-my-units',
      question: 'How do I sell my Units?',
      answer: [
        'Sign in, open Buy, sell or transfer from your dashboard and choose Sell. Pick the currency and the number of Units, check the figures and confirm. It takes about 30 seconds.',
        'Before your first sale, your profile verification and your bank verification must both be Approved. The money is paid only to the bank account you verified.',
        `A sale costs a fee of ${sellFee} Units. You receive the price of the day for the Units you sell minus those ${sellFee}. While the payment is on its way the order shows Funds Waiting Approval; it shows Completed once it is paid.`,
        'Units bought with the LU2X half-price offer can be sold only as they unlock, from 6 months after the purchase.',
      ],
    },
    {
      id: 'what-is-a-unit',
      question: 'What is a Unit?',
      answer: [
        'A Unit is what you buy on Land Units. Each Unit is priced in one of four currencies: pounds (GBP), US dollars (USD), euros (EUR) or Australian dollars (AUD), and its price rises every day at a fixed rate.',
        'The money from Unit sales is used to buy land that Land Units manages sustainably. You can keep your Units, sell them, transfer them free of charge to another Land Units user, or convert them to another currency.',
        `A Unit is not ownership of land, and it is not a bank deposit. ${notAdvice}`,
      ],
    },
    {
      id: 'what-if-land-units-fails',
      question: 'What happens if Land Units fails?',
      answer: [
        'We want to be plain about this. A Unit is not ownership of land and it is not a bank deposit: holding Units does not make you the owner of any field or forest.',
        `The land bought with sale money belongs to the company, which manages it. We publish the value of the land we manage on the Statistics page. The Units outstanding in each currency, at today’s price, may be worth at most ${maxForSale} % of that value: once that share is reached, no more Units are sold.`,
        'If Land Units stopped trading, its assets, including the land, would be dealt with under the law that applies to the company, and you could lose some or all of the value of your Units. The terms and conditions set this out. Read them, and weigh the risk, before you buy.',
      ],
    },
    {
      id: 'how-does-it-work',
      question: 'How does it work?',
      answer: [
        'Register with your email address and confirm it. Then add your profile, identity and bank details so we can verify them: selling, and buying larger amounts, need verification.',
        'Buy Units in GBP, USD, EUR or AUD by bank transfer, card or crypto; it takes about a minute. Your Units appear at once as Pending and move to Owned when your payment is confirmed.',
        'Your dashboard shows your Units, their value today and your profit. From there you can sell, transfer Units to another user now or on a later date, or convert them to another currency. Selling or transferring takes about 30 seconds.',
      ],
    },
    {
      id: 'is-a-unit-land',
      question: 'Is a Unit land?',
      answer: [
        'No. A Unit is not ownership of land. Holding Units gives you no title to, and no right to use, any field, forest or building.',
        `Units are backed by land in another sense: the money from Unit sales buys land that Land Units manages sustainably, and the Units outstanding in each currency, at today’s price, may be worth at most ${maxForSale} % of the value of the land we manage.`,
      ],
    },
    {
      id: 'how-does-land-units-earn',
      question: 'How does Land Units earn money?',
      answer: [
        'We earn 2 % on the land we manage.',
        `We also charge a purchase fee of ${buyFeeList} per purchase, that is about 1 in the currency you buy in, and a sale fee of ${sellFee} Units per sale. Transfers are free. Card and crypto payments add the payment provider’s fee. Every fee is listed on the Fees page.`,
      ],
    },
    {
      id: 'what-is-sale-money-used-for',
      question: 'What is the money from Unit sales used for?',
      answer: [
        'The money from Unit sales is used to buy land that we manage sustainably: more forest and hedgerows, healthier soil, organic practices, natural sources of nitrogen and no pesticides.',
        'On the land we manage, sustainable management has brought 30 % additional CO2 sequestration, a 7 % increase in hedgerows and a 5 % increase in forest, including a 40 ha forest project. The Statistics and References pages show the figures and where they come from.',
      ],
    },
    {
      id: 'what-are-the-benefits',
      question: 'What are the benefits?',
      answer: [
        'For you: the price of a Unit rises every day at a fixed rate instead of moving with a market; you can buy in about a minute and sell or transfer in about 30 seconds, in four currencies; and your dashboard shows the value and profit of your Units at any time.',
        'For the land: your money pays for land that is managed for nature, with measured results on carbon, hedgerows and forest.',
        'For businesses and governments: Units support CSR and ESG goals, with impact figures and our 2025 report to use in your own reporting.',
        `A Unit is not ownership of land and a rising price is not a guarantee of profit. ${notAdvice}`,
      ],
    },
    {
      id: 'what-is-the-community',
      question: 'What is the Land Units community?',
      answer: [
        'Everyone with an account can take part. In the community area of your dashboard you can ask questions and answer other members’ questions, vote on open questions and on land projects, and suggest ideas for the land and for Land Units.',
        'A vote passes when at least 50 % of the members who voted say Yes. Members who want to help others can apply to become community agents, who answer questions in the community.',
      ],
    },
  ];
}

export const FAQ_ENTRIES: readonly FaqEntry[] = /* @__PURE__ */ buildFaq();
