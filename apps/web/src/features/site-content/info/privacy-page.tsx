import { CONSENT_CATEGORIES, CONSENT_COOKIE_MAX_AGE_SECONDS, CONSENT_DESCRIPTIONS, UTM_COOKIE_MAX_AGE_SECONDS } from '@landunits/domain';
import { Link } from 'react-router';
import { Section, SitePage, WithContents, type TocItem } from './page-parts';

/** /privacy-policy: what personal data Land Units collects, why, for how long, and your rights. */

const DAY = 86_400;

const S = {
  who: { id: 'privacy-who-we-are', title: 'Who we are' },
  collect: { id: 'privacy-what-we-collect', title: 'What we collect' },
  cookies: { id: 'privacy-cookies', title: 'Cookies' },
  why: { id: 'privacy-why', title: 'Why we use it' },
  sharing: { id: 'privacy-sharing', title: 'Who sees it' },
  keep: { id: 'privacy-how-long', title: 'How long we keep it' },
  security: { id: 'privacy-security', title: 'How we protect it' },
  rights: { id: 'privacy-rights', title: 'Your rights' },
  children: { id: 'privacy-under-18', title: 'Users under 18' },
  contact: { id: 'privacy-contact', title: 'Contact and changes' },
} as const satisfies Record<string, TocItem>;

const COLLECTED = [
  {
    term: 'Your account',
    text: 'Email address, first and last name, business or government name for business accounts, and your password, which we store only in a form that cannot be turned back into the password.',
  },
  {
    term: 'Identity documents and profile',
    text: 'Address, telephone number, passport details and a copy of your passport, or for a business its registration and VAT numbers and registration documents, and any other document you choose to send.',
  },
  {
    term: 'Bank details',
    text: 'Account name, account number or IBAN, sort code or routing number, SWIFT/BIC, bank name, address and country, and the bank statement you send to verify them.',
  },
  {
    term: 'Orders',
    text: 'Every purchase, sale, transfer and conversion: amounts, currencies, payment method, reference codes, the email address of the person you transfer to, and the status history of each order.',
  },
  {
    term: 'Messages and community',
    text: 'What you send through the contact form and the sales chat, your newsletter subscription, and your questions, answers, votes and ideas in the community.',
  },
  {
    term: 'Cookies and visit details',
    text: 'The cookies described below, and the campaign that brought you to the site (the utm parameters of the link you followed).',
  },
] as const;

export function PrivacyPage() {
  return (
    <SitePage title="Privacy policy" lead="What personal data Land Units collects, why we need it, how long we keep it and what you can ask us to do with it.">
      <WithContents items={Object.values(S)}>
        <Section item={S.who}>
          <p>
            Land Units is responsible for the personal data collected through this website and your account. You can reach us through the <Link to="/contact-us">contact page</Link>.
          </p>
        </Section>

        <Section item={S.collect}>
          <dl>
            {COLLECTED.map((item) => (
              <div key={item.term}>
                <dt>{item.term}</dt>
                <dd>{item.text}</dd>
              </div>
            ))}
          </dl>
        </Section>

        <Section item={S.cookies}>
          <p>The cookie banner lets you allow all cookies or choose by category. Only necessary cookies are used until you choose.</p>
          <dl>
            {CONSENT_CATEGORIES.map((category) => (
              <div key={category}>
                <dt>{category}</dt>
                <dd>{CONSENT_DESCRIPTIONS[category]}</dd>
              </div>
            ))}
          </dl>
          <p>
            Your choice is kept for {Math.round(CONSENT_COOKIE_MAX_AGE_SECONDS / (365 * DAY))} year. The campaign details of the link you followed are kept for{' '}
            {Math.round(UTM_COOKIE_MAX_AGE_SECONDS / DAY)} days. To change your choice, clear this site&apos;s data in your browser: the cookie banner then asks again.
          </p>
        </Section>

        <Section item={S.why}>
          <ul>
            <li>To run your account and carry out your orders, transfers and payouts.</li>
            <li>To check your identity and your bank account, prevent fraud and meet our legal duties.</li>
            <li>To pay the money from your sales only to the bank account you verified.</li>
            <li>To answer your messages and send the emails your account needs.</li>
            <li>To send the newsletter, only after you have confirmed your subscription.</li>
            <li>To understand how the site is used and to measure campaigns, only with your consent.</li>
          </ul>
        </Section>

        <Section item={S.sharing}>
          <p>
            Only the people at Land Units who need your data to do their work see it; for example, the staff who review verifications see your documents. Service providers see what they need for their
            part: the card payment provider when you pay by card, our email provider, and analytics or marketing services only when you have allowed them. We also share data when the law requires it.
            We do not sell your personal data.
          </p>
        </Section>

        <Section item={S.keep}>
          <p>We keep personal data for up to 10 years, then delete it. Records of orders and payments are kept for that period even after an account is closed.</p>
        </Section>

        <Section item={S.security}>
          <ul>
            <li>Every page and request travels over an encrypted connection.</li>
            <li>Passwords are stored only as secure hashes.</li>
            <li>Documents you upload are stored away from the public website and can be downloaded only by you and by the Land Units staff who review them.</li>
          </ul>
        </Section>

        <Section item={S.rights}>
          <p>You can ask us:</p>
          <ul>
            <li>for a copy of the personal data we hold about you (access);</li>
            <li>to correct data that is wrong or incomplete (correction);</li>
            <li>to delete your data, where the law allows us to (deletion);</li>
            <li>to stop using your data for marketing, at any time.</li>
          </ul>
          <p>
            Choose which emails you receive in your <Link to="/dashboard/settings/subscriptions">subscriptions</Link> settings. For anything else, write to us through the{' '}
            <Link to="/contact-us">contact page</Link>. You can also complain to the data protection authority of your country.
          </p>
        </Section>

        <Section item={S.children}>
          <p>If you are under 18, you may use Land Units only with the consent of a parent or guardian.</p>
        </Section>

        <Section item={S.contact}>
          <p>
            Questions about your data? <Link to="/contact-us">Contact us</Link>. If we change this policy, the new version is published on this page. The{' '}
            <Link to="/terms-and-conditions">terms and conditions</Link> apply as well.
          </p>
        </Section>
      </WithContents>
    </SitePage>
  );
}
