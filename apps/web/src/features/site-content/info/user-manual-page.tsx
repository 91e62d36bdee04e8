import { PROFILE_VERIFICATION_LABELS } from '@landunits/domain';
import { Link } from 'react-router';
import { BANK_PAYMENT_DAYS, BONUS_LOCK_DAYS, BUY_EXPIRY_HOURS, BUY_FEES, CONVERT_LOCK_DAYS, DOUBLE_LAND_MONTHLY_PERCENT, DOUBLE_LAND_MONTHS, PURCHASE_LIMITS, SELL_FEE_UNITS } from './figures';
import { Disclaimer, LinkList, Section, SitePage, WithContents, type TocItem } from './page-parts';

/** /user-manual (signed in, dashboard layout): how to do each thing, with links to where it is done. */

const S = {
  start: { id: 'manual-getting-around', title: 'Getting around' },
  verify: { id: 'manual-verification', title: 'Verification' },
  buy: { id: 'manual-buying', title: 'Buying Units' },
  sell: { id: 'manual-selling', title: 'Selling Units' },
  transfer: { id: 'manual-transferring', title: 'Transferring Units' },
  convert: { id: 'manual-converting', title: 'Converting between currencies' },
  records: { id: 'manual-statements', title: 'History, statements and invoices' },
  help: { id: 'manual-help', title: 'Getting help' },
} as const satisfies Record<string, TocItem>;

/** '“Missing/Incorrect data”, “Info Saved - Submit Now”, …': labels quoted, as one contains a comma. */
const STATUS_LABELS = Object.values(PROFILE_VERIFICATION_LABELS)
  .map((label) => `“${label}”`)
  .join(', ');

export function UserManualPage() {
  return (
    <SitePage title="User manual" lead="How to buy, sell, transfer and convert Units, and what to do first. Each section links to the page where you do it.">
      <WithContents items={Object.values(S)}>
        <Section item={S.start}>
          <p>
            Your <Link to="/dashboard">dashboard</Link> shows the Units you hold in each currency, their value today and your profit. The menu groups everything else: Transactions (buy, sell,
            transfer, convert and your history), Information (projects, this manual, the sales chat), Governance (votes, questions and ideas) and My Profile (your details, verification and settings).
          </p>
          <p>Prices change at 00:00 UTC each day, and every date in your account is shown in UTC.</p>
        </Section>

        <Section item={S.verify}>
          <p>Verification keeps your account and your money safe. There are two parts:</p>
          <ul>
            <li>
              <Link to="/dashboard/settings/profile-verification">Profile verification</Link>: your address, phone number and passport, or for a business its registration details and registration
              document. Upload PDF, JPEG or PNG files of up to 8 MB each; a photo from your phone is fine.
            </li>
            <li>
              <Link to="/dashboard/settings/bank-verification">Bank verification</Link>: the account that will receive the money from your sales, with a recent bank statement.
            </li>
          </ul>
          <p>Save your details, then submit them. Each part shows where it stands; profile verification reads {STATUS_LABELS}. If a part is not approved, correct what is asked and apply again.</p>
          <p>
            Purchase limits per currency, counting orders not yet approved: {PURCHASE_LIMITS.emailVerified} with a confirmed email address, {PURCHASE_LIMITS.profileApproved} once your profile is
            approved, and {PURCHASE_LIMITS.businessApproved} for a business with an approved profile.
          </p>
        </Section>

        <Section item={S.buy}>
          <ol>
            <li>
              Open <Link to="/dashboard/transaction?tab=buy">Buy Units</Link>. Choose the currency (GBP, USD, EUR or AUD) and the number of Units.
            </li>
            <li>
              If you have a reference code, enter it and apply it. A discount code lowers the price; a bonus code gives you extra Units, which stay locked for {BONUS_LOCK_DAYS} days after your
              purchase is approved.
            </li>
            <li>
              Or tick the LU2X offer: Units at half price, locked for {DOUBLE_LAND_MONTHS} months, then {DOUBLE_LAND_MONTHLY_PERCENT} % of them unlock at the start of each month. It cannot be combined
              with a reference code.
            </li>
            <li>Check the total: the Units at today&apos;s price, minus any discount, plus the purchase fee of {BUY_FEES} and the fee of your payment method. Then choose how to pay.</li>
          </ol>
          <h3>Payment methods</h3>
          <dl>
            <dt>Bank</dt>
            <dd>
              We show our bank details, the amount and a payment reference. Send the payment with that reference, then press “I have sent the payment”. The order shows Pending Approval until we
              confirm the money has arrived. Business accounts pay by bank by default.
            </dd>
            <dt>Card</dt>
            <dd>Pay on the card page. The order completes as soon as the card provider confirms the payment.</dd>
            <dt>Crypto</dt>
            <dd>Send Bitcoin or Ether to the wallet address shown, for the amount shown, then confirm that you have sent it. We approve the order once the coins arrive.</dd>
          </dl>
          <p>
            Your Units appear at once as Pending and move to Owned once the payment is confirmed. Pay a bank order within {BANK_PAYMENT_DAYS} (Monday to Friday, UTC), the time a transfer in each
            currency takes to arrive, and a card or crypto order within {BUY_EXPIRY_HOURS} hours; an order not paid by then expires. Each order shows its own deadline. Every fee is listed on the{' '}
            <Link to="/fees">fees page</Link>.
          </p>
        </Section>

        <Section item={S.sell}>
          <ol>
            <li>Make sure your profile verification and bank verification both show Approved.</li>
            <li>
              Open the <Link to="/dashboard/transaction?tab=sell">Sell tab</Link>, choose the currency and the number of Units, check the figures and confirm.
            </li>
          </ol>
          <p>
            A sale costs {SELL_FEE_UNITS} Units, so you must sell more than {SELL_FEE_UNITS}. You receive the price of the day for the rest, paid to your verified bank account. The order shows Funds
            Waiting Approval until it is paid, then Completed. LU2X Units can be sold only once they have unlocked.
          </p>
        </Section>

        <Section item={S.transfer}>
          <p>Transfers are free and go to another Land Units user, found by their email address.</p>
          <ul>
            <li>
              <Link to="/dashboard/transaction?tab=transfer">Transfer now</Link>: enter the recipient&apos;s email; their name appears so you can check it is the right person. The Units arrive at
              once.
            </li>
            <li>
              <Link to="/dashboard/future-transfer">Schedule a transfer</Link> for a later date (tomorrow at the earliest). The Units wait as Transfer Queued and move at 00:00 UTC on that date. You
              can cancel it until then from <Link to="/dashboard/view-future-transfer">Scheduled transfers</Link>.
            </li>
          </ul>
        </Section>

        <Section item={S.convert}>
          <p>
            <Link to="/dashboard/convert">Convert</Link> changes Units of one currency into Units of another (GBP to USD by default) at today&apos;s prices and our exchange rate. You see how many
            Units you will receive before you confirm. Converted Units are locked for {CONVERT_LOCK_DAYS} days, then you can sell or transfer them.
          </p>
        </Section>

        <Section item={S.records}>
          <ul>
            <li>
              <Link to="/dashboard/my-transactions">Transaction history</Link> lists every order you placed or received, with filters by date, type, status, currency and payment method.
            </li>
            <li>
              <Link to="/dashboard/statement">Statement</Link>: download a statement of your transactions for the dates you choose.
            </li>
            <li>
              <Link to="/dashboard/sales-invoices">Invoices</Link>: an invoice for each paid purchase and a sale statement for each completed sale, to open as a PDF or to have sent to you by email.
            </li>
          </ul>
        </Section>

        <Section item={S.help}>
          <LinkList
            links={[
              { to: '/dashboard/What-are-Land-Units', label: 'What are Land Units' },
              { to: '/faq', label: 'Frequently asked questions' },
              { to: '/dashboard/saleschat', label: 'Chat with a sales agent' },
              { to: '/contact-us', label: 'Contact us' },
            ]}
          />
        </Section>

        <Disclaimer />
      </WithContents>
    </SitePage>
  );
}
