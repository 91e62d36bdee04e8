import { SITE_API } from '@landunits/domain';
import { Link } from 'react-router';
import { BUY_FEES, PURCHASE_LIMITS, SELL_FEE_UNITS } from './figures';
import { ActionLinks, CardGrid, Disclaimer, SitePage } from './page-parts';
import * as sitePagesStyles from '../site-pages.module.css';

const BENEFITS = [
  {
    title: 'CSR you can point to',
    text: 'Your money buys land that is managed for nature: more forest and hedgerows, healthier soil, no pesticides. It is a contribution your staff, customers and citizens can see.',
  },
  {
    title: 'Figures for ESG reporting',
    text: 'We measure the land we manage and publish the results. Your share of them follows the value of the Units you hold, so you can report your own part.',
  },
  {
    title: 'Simple to run',
    text: 'One account for your organisation, bank payments, a statement and an invoice for every order, and Units that rise in price every day at a fixed rate.',
  },
] as const;

const IMPACT_METRICS = ['CO2 offset', 'Carbon sequestration', 'Forest increase', 'Hedgerow increase', 'Organic increase', 'Natural nitrogen', 'Pesticide elimination'] as const;

/** /business: the pitch to businesses and governments, leading to /business-register. */
export function BusinessPage() {
  return (
    <SitePage
      title="Land Units for businesses and governments"
      eyebrow="Business and government"
      lead="Back sustainably managed land with your organisation's money, and report the environmental results as part of your CSR and ESG work."
      extra={
        <ActionLinks
          links={[
            { to: '/business-register', label: 'Register your business', variant: 'primary' },
            { to: '/contact-us', label: 'Talk to us first', variant: 'secondary' },
          ]}
        />
      }
    >
      <div className={sitePagesStyles.siteText}>
        <section className={sitePagesStyles.siteSection}>
          <h2>Why organisations choose Land Units</h2>
          <CardGrid cards={BENEFITS} />
          <p>
            We have managed land for 20 years, on projects of up to $150 million. On the land we manage, sustainable management has brought 30 % additional CO2 sequestration, a 7 % increase in
            hedgerows and a 5 % increase in forest, including a 40 ha forest project.
          </p>
        </section>

        <section className={sitePagesStyles.siteSection}>
          <h2>Reporting with our impact figures</h2>
          <p>We publish these impact metrics for the land behind Land Units:</p>
          <ul>
            {IMPACT_METRICS.map((metric) => (
              <li key={metric}>{metric}</li>
            ))}
          </ul>
          <p>
            Your part of each figure is the metric multiplied by the value of your Units today, divided by the value of the land we hold. The <Link to="/statistics">statistics page</Link> shows the
            current figures, and our 2025 report brings them together with a chart.
          </p>
          <p>
            <a href={SITE_API.report2025} type="application/pdf">
              Download the 2025 report (PDF)
            </a>
          </p>
        </section>

        <section className={sitePagesStyles.siteSection}>
          <h2>Buying as an organisation</h2>
          <ul>
            <li>Business accounts pay by bank transfer by default: we show our bank details and a payment reference for each order. Card and crypto payments are also available.</li>
            <li>
              Once your business is verified, you can buy up to {PURCHASE_LIMITS.businessApproved} in each currency (GBP, USD, EUR or AUD), counting orders not yet approved. Before verification the
              limit is {PURCHASE_LIMITS.emailVerified}.
            </li>
            <li>
              Fees are the same for everyone: a purchase fee of {BUY_FEES} per order and a sale fee of {SELL_FEE_UNITS} Units per sale. Transfers are free. <Link to="/fees">See every fee</Link>.
            </li>
            <li>Units can be transferred free of charge to other Land Units users, for example to staff or partners, now or on a date you choose.</li>
          </ul>
        </section>

        <section className={sitePagesStyles.siteSection}>
          <h2>How to start</h2>
          <ol className={sitePagesStyles.siteSteps}>
            <li>
              <h3>Register your business</h3>
              <p>Give your business or government name, your name, an email address and a password.</p>
            </li>
            <li>
              <h3>Confirm your email</h3>
              <p>Follow the link we send you. It is valid for 12 hours.</p>
            </li>
            <li>
              <h3>Verify your business</h3>
              <p>Add your registration number, your VAT number if you have one, the registration document and your bank details. We review them, and your settings show when they are approved.</p>
            </li>
            <li>
              <h3>Buy Units</h3>
              <p>Choose the currency and the number of Units, and pay by bank transfer.</p>
            </li>
          </ol>
        </section>

        <section className={sitePagesStyles.siteCta} aria-labelledby="business-cta-title">
          <h2 id="business-cta-title">Open an account for your organisation</h2>
          <p>A Unit is not ownership of land. Read the terms before you buy.</p>
          <ActionLinks
            links={[
              { to: '/business-register', label: 'Register your business', variant: 'primary' },
              { to: '/terms-and-conditions', label: 'Read the terms', variant: 'secondary' },
            ]}
          />
        </section>

        <Disclaimer />
      </div>
    </SitePage>
  );
}
