import { Link } from 'react-router';
import { BUY_FEES, CONVERT_LOCK_DAYS, GROWTH_PERCENT, MAX_FOR_SALE_PERCENT, SELL_FEE_UNITS } from './figures';
import { Disclaimer, LinkList, SitePage } from './page-parts';
import * as sitePagesStyles from '../site-pages.module.css';

/** /dashboard/What-are-Land-Units (signed in, dashboard layout): what a Unit is, and what it is not. */
export function WhatAreLandUnitsPage() {
  return (
    <SitePage title="What are Land Units" lead="A Land Unit is what you buy, hold, sell, transfer and convert on Land Units. Here is what that means, and what it does not.">
      <div className={sitePagesStyles.siteText}>
        <div className={sitePagesStyles.siteGrid}>
          <section className={sitePagesStyles.siteCard} aria-labelledby="unit-is-title">
            <h2 id="unit-is-title">A Unit is</h2>
            <ul>
              <li>Priced in one of four currencies: GBP, USD, EUR or AUD.</li>
              <li>Rising in price every day at a fixed rate set by Land Units.</li>
              <li>Backed by land: the money from Unit sales buys land that we manage sustainably.</li>
              <li>Yours to keep, sell, transfer free of charge to another user, or convert to another currency.</li>
            </ul>
          </section>
          <section className={sitePagesStyles.siteCard} aria-labelledby="unit-is-not-title">
            <h2 id="unit-is-not-title">A Unit is not</h2>
            <ul>
              <li>Ownership of land. Holding Units gives you no title to, and no right to use, any land.</li>
              <li>A bank deposit.</li>
              <li>Investment advice, or a promise of profit.</li>
            </ul>
          </section>
        </div>

        <section className={sitePagesStyles.siteSection}>
          <h2>How the price works</h2>
          <p>
            The price of a Unit grows every day at a fixed yearly rate, {GROWTH_PERCENT} % a year by default. The new price applies from 00:00 UTC. It does not follow a market: Land Units sets the
            rate, and may change it. Your <Link to="/dashboard">dashboard</Link> shows today&apos;s price and what your Units are worth.
          </p>
          <p>
            Fees are charged when you buy ({BUY_FEES} per order, plus the payment method&apos;s fee) and when you sell ({SELL_FEE_UNITS} Units per sale), so a rising price is not the same as a profit.
            Transfers are free.
          </p>
        </section>

        <section className={sitePagesStyles.siteSection}>
          <h2>How Units are backed by land</h2>
          <p>
            The money from Unit sales is used to buy land that Land Units owns and manages sustainably. The Units outstanding in each currency, at today&apos;s price, may be worth at most{' '}
            {MAX_FOR_SALE_PERCENT} % of the value of the land we manage. Once that share is reached, no more Units of that currency are sold.
          </p>
          <p>
            See how the land is doing in <Link to="/dashboard/land-projects">View Project Status</Link>, and the figures on the <Link to="/statistics">statistics page</Link>.
          </p>
        </section>

        <section className={sitePagesStyles.siteSection}>
          <h2>Units in four currencies</h2>
          <p>
            Units of each currency have their own price. You can hold several kinds and <Link to="/dashboard/convert">convert</Link> between them; converted Units are locked for {CONVERT_LOCK_DAYS}{' '}
            days.
          </p>
        </section>

        <section className={sitePagesStyles.siteSection}>
          <h2>Read more</h2>
          <LinkList
            links={[
              { to: '/user-manual', label: 'User manual' },
              { to: '/faq', label: 'Frequently asked questions' },
              { to: '/terms-and-conditions', label: 'Terms and conditions' },
            ]}
          />
        </section>

        <Disclaimer />
      </div>
    </SitePage>
  );
}
