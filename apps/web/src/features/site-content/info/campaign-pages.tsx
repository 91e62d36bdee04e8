import { Link } from 'react-router';
import { buttonClassName } from '../../../shared/ui/button';
import { BUY_FEES, GROWTH_PERCENT, SELL_FEE_UNITS } from './figures';
import { ActionLinks, CardGrid, Disclaimer, SitePage } from './page-parts';
import * as sitePagesStyles from '../site-pages.module.css';

/**
 * /rocket1 and /landing: campaign pages. Short and persuasive, and as plain about what a Unit is
 * not as about what it is. Both lead to /register.
 */

const REASONS = [
  {
    title: 'Buy in about a minute',
    text: 'Register, choose a currency and a number of Units, and pay by bank transfer, card or crypto.',
  },
  {
    title: 'Sell or transfer in about 30 seconds',
    text: 'Sell to your verified bank account, or transfer Units to another Land Units user free of charge.',
  },
  {
    title: 'A price that rises every day',
    text: `Units rise in price every day at a fixed rate, ${GROWTH_PERCENT} % a year by default. The price does not follow a market; it changes at 00:00 UTC.`,
  },
  {
    title: 'Four currencies',
    text: 'Hold Units in pounds, US dollars, euros or Australian dollars, and convert between them from your dashboard.',
  },
] as const;

function RegisterButton({ label }: { label: string }) {
  return (
    <Link to="/register" className={buttonClassName('primary')}>
      {label}
    </Link>
  );
}

function CampaignPage({ title, eyebrow, lead, cta }: { title: string; eyebrow: string; lead: string; cta: string }) {
  return (
    <SitePage
      hero
      title={title}
      eyebrow={eyebrow}
      lead={lead}
      extra={
        <ActionLinks
          links={[
            { to: '/register', label: cta, variant: 'primary' },
            { to: '/faq', label: 'Read the questions first', variant: 'secondary' },
          ]}
        />
      }
    >
      <section className={sitePagesStyles.siteSection}>
        <h2>Why people choose Land Units</h2>
        <CardGrid cards={REASONS} />
      </section>

      <div className={sitePagesStyles.siteText}>
        <section className={sitePagesStyles.siteSection}>
          <h2>Where your money goes</h2>
          <p>
            The money from Unit sales buys land that we manage sustainably. After 20 years of managing land, our results include 30 % additional CO2 sequestration, a 7 % increase in hedgerows, a 5 %
            increase in forest and a 40 ha forest project. <Link to="/about-us">More about us</Link>.
          </p>
        </section>

        <section className={sitePagesStyles.siteSection}>
          <h2>Know what you are buying</h2>
          <ul>
            <li>A Unit is not ownership of land. The land belongs to the company, which manages it.</li>
            <li>A rising price is not a promise of profit, and nothing here is investment advice.</li>
            <li>
              A purchase costs a fee of {BUY_FEES} per order, a sale costs {SELL_FEE_UNITS} Units, and transfers are free. <Link to="/fees">See every fee</Link>.
            </li>
            <li>
              The <Link to="/terms-and-conditions">terms and conditions</Link> explain the rest. Please read them before you buy.
            </li>
          </ul>
        </section>

        <section className={sitePagesStyles.siteCta} aria-labelledby="campaign-cta-title">
          <h2 id="campaign-cta-title">Start in about a minute</h2>
          <p>Register with your email address, confirm it, and your dashboard is ready.</p>
          <RegisterButton label="Register now" />
        </section>

        <Disclaimer />
      </div>
    </SitePage>
  );
}

export function Rocket1Page() {
  return (
    <CampaignPage title="Grow with the land" eyebrow="Land Units" lead="Units backed by sustainably managed land, rising in price every day at a fixed rate. Start in about a minute." cta="Register" />
  );
}

export function LandingPage() {
  return (
    <CampaignPage
      title="Units backed by land"
      eyebrow="Sustainably managed land"
      lead="Own Units in GBP, USD, EUR or AUD. The money from Unit sales buys land that we manage sustainably, and Units rise in price every day."
      cta="Create your account"
    />
  );
}
