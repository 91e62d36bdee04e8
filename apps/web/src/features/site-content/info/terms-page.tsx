import { Link } from 'react-router';
import { BANK_PAYMENT_DAYS, BUY_EXPIRY_HOURS, BUY_FEES, CONVERT_LOCK_DAYS, DOUBLE_LAND_MONTHLY_PERCENT, DOUBLE_LAND_MONTHS, GROWTH_PERCENT, PURCHASE_LIMITS, SELL_FEE_UNITS } from './figures';
import { Section, SitePage, WithContents, type TocItem } from './page-parts';
import * as sitePagesStyles from '../site-pages.module.css';

/**
 * /terms-and-conditions, the version dated 10.03.25, with every term of SPEC §9: the 14-day
 * withdrawal and refund window, complaints within 7 days reviewed within 30, delivery to Owned
 * within 24 hours on a weekday, data kept up to 10 years, €5,000 per copying violation and the
 * consent needed under 18.
 */

const TERMS_VERSION = { label: '10.03.25', iso: '2025-03-10' } as const;

const S = {
  about: { id: 'terms-about', title: 'About these terms' },
  accounts: { id: 'terms-accounts', title: 'Accounts and verification' },
  age: { id: 'terms-under-18', title: 'Users under 18' },
  units: { id: 'terms-units', title: 'What a Unit is' },
  prices: { id: 'terms-prices', title: 'Prices' },
  buying: { id: 'terms-buying', title: 'Buying Units and delivery' },
  fees: { id: 'terms-fees', title: 'Fees' },
  selling: { id: 'terms-selling', title: 'Selling, transferring and converting' },
  withdrawal: { id: 'terms-withdrawal', title: 'Withdrawal and refunds' },
  complaints: { id: 'terms-complaints', title: 'Complaints' },
  data: { id: 'terms-data', title: 'Your data' },
  copying: { id: 'terms-copying', title: 'Our content and copying' },
  failure: { id: 'terms-if-land-units-stops-trading', title: 'If Land Units stops trading' },
  advice: { id: 'terms-no-advice', title: 'No investment advice' },
  changes: { id: 'terms-changes', title: 'Changes and governing text' },
  contact: { id: 'terms-contact', title: 'Contact' },
} as const satisfies Record<string, TocItem>;

export function TermsPage() {
  return (
    <SitePage
      title="Terms and conditions"
      lead="The rules that apply when you use Land Units: your account, buying, selling, transferring and converting Units, fees, refunds and complaints."
      extra={
        <p className={sitePagesStyles.sitePageMeta}>
          Version dated <time dateTime={TERMS_VERSION.iso}>{TERMS_VERSION.label}</time>
        </p>
      }
    >
      <WithContents items={Object.values(S)}>
        <Section item={S.about}>
          <p>
            These terms apply to everyone who uses Land Units: this website, your account and every order you place. By registering, you accept them. “We” and “Land Units” mean the company that runs
            Land Units; “you” means the person, business or government body that uses it.
          </p>
        </Section>

        <Section item={S.accounts}>
          <ul>
            <li>You register with your email address and confirm it with the link we send, within 12 hours. Give true and complete details, and keep them up to date.</li>
            <li>Keep your password to yourself. You are responsible for what is done with your account.</li>
            <li>
              To sell Units, and to buy more than the smallest limit, you verify your profile (your identity, or your business registration for a business) and your bank account. We review what you
              send and may approve it or ask you to apply again.
            </li>
            <li>
              Purchase limits per currency, counting orders that are not yet approved: {PURCHASE_LIMITS.emailVerified} with a confirmed email address, {PURCHASE_LIMITS.profileApproved} with an
              approved profile and {PURCHASE_LIMITS.businessApproved} for a business with an approved profile. We may set a different limit for an account.
            </li>
          </ul>
        </Section>

        <Section item={S.age}>
          <p>If you are under 18, you may use Land Units only with the consent of a parent or guardian. We may ask for proof of that consent before we approve your profile.</p>
        </Section>

        <Section item={S.units}>
          <ul>
            <li>
              A Unit is not ownership of land. It gives you no title to, and no right to use, any land. The money from Unit sales is used to buy land that Land Units owns and manages sustainably.
            </li>
            <li>A Unit is not a bank deposit.</li>
            <li>Units are whole numbers, priced in one of four currencies: GBP, USD, EUR or AUD.</li>
          </ul>
        </Section>

        <Section item={S.prices}>
          <p>
            Prices rise at a fixed daily rate set by Land Units: the price of a Unit grows every day so that it rises by {GROWTH_PERCENT} % over a year at the default rate. The price of a day applies
            from 00:00 UTC. We may change the rate; the rate in use is shown on the <Link to="/statistics">statistics page</Link>. A rising price is not a promise of profit.
          </p>
        </Section>

        <Section item={S.buying}>
          <ul>
            <li>You choose a currency and a number of Units and pay by bank transfer, card or crypto. The total, with every fee, is shown before you confirm.</li>
            <li>Your Units appear at once in your Pending balance. Once your payment is confirmed, we deliver them to your Owned balance within 24 hours on a weekday.</li>
            <li>
              An order paid by bank transfer that is not paid within {BANK_PAYMENT_DAYS} expires, and its Units are released. Business days are Monday to Friday, counted in UTC; the order shows its
              own deadline. An order paid by card or crypto expires the same way {BUY_EXPIRY_HOURS} hours after it is placed.
            </li>
            <li>
              Reference codes give a discount or bonus Units under the conditions shown with the code. Units bought with the LU2X offer cost half price and cannot be sold or transferred for{' '}
              {DOUBLE_LAND_MONTHS} months; then {DOUBLE_LAND_MONTHLY_PERCENT} % of them unlock at the start of each month. The offer cannot be combined with a reference code.
            </li>
          </ul>
        </Section>

        <Section item={S.fees}>
          <p>
            A purchase costs a fee of {BUY_FEES} per order, plus the fee of the payment method for card and crypto payments. A sale costs {SELL_FEE_UNITS} Units. Transfers are free. The fees in force
            are listed on the <Link to="/fees">fees page</Link> and shown before you confirm each order.
          </p>
        </Section>

        <Section item={S.selling}>
          <ul>
            <li>
              You can sell once your profile verification and bank verification are both approved. The money is paid to your verified bank account: the price of the day for the Units you sell, minus
              the sale fee.
            </li>
            <li>
              You can transfer Units to another Land Units user by their email address, at once or on a later date. A scheduled transfer runs at 00:00 UTC on its date, and you can cancel it before
              then.
            </li>
            <li>Converted Units are locked for {CONVERT_LOCK_DAYS} days before you can sell or transfer them.</li>
          </ul>
        </Section>

        <Section item={S.withdrawal}>
          <p>
            You may withdraw from a purchase within 14 days of placing the order. To withdraw, or to request a refund, write to us through the <Link to="/contact-us">contact page</Link> within those
            14 days and give the order number. We then remove the order&apos;s Units from your account and refund the money you paid for them.
          </p>
        </Section>

        <Section item={S.complaints}>
          <p>
            If something goes wrong, tell us within 7 days through the <Link to="/contact-us">contact page</Link>. We review every complaint within 30 days and answer you in writing.
          </p>
        </Section>

        <Section item={S.data}>
          <p>
            We keep your data for up to 10 years. The <Link to="/privacy-policy">privacy policy</Link> explains what we collect, why, and your rights.
          </p>
        </Section>

        <Section item={S.copying}>
          <p>
            The texts, images, figures and design of this site belong to Land Units. You may not copy them, in whole or in part, without our written permission. A fine of €5,000 is payable for each
            copying violation.
          </p>
        </Section>

        <Section item={S.failure}>
          <p>
            The land bought with sale money belongs to Land Units, which manages it. If Land Units stopped trading, its assets, including that land, would be dealt with under the law that applies to
            the company. Because a Unit is not ownership of land and not a deposit, you could lose some or all of the value of your Units. Nobody guarantees the price of a Unit or the return of your
            money.
          </p>
        </Section>

        <Section item={S.advice}>
          <p>
            Nothing on Land Units is investment advice. We do not know your circumstances and do not tell you what to do with your money. Decide for yourself whether Units suit you, and take
            independent advice if you are unsure.
          </p>
        </Section>

        <Section item={S.changes}>
          <p>
            We may update these terms. The version in force is the one on this page, with its date at the top. These terms are written in English and the English text is the governing text: if a
            translation or a summary says something different, this text applies.
          </p>
        </Section>

        <Section item={S.contact}>
          <p>
            Questions about these terms? <Link to="/contact-us">Contact us</Link>.
          </p>
        </Section>
      </WithContents>
    </SitePage>
  );
}
