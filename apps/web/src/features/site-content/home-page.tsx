import { DISCLAIMER, FAQ_ENTRIES, SITE_API } from '@landunits/domain';
import { Link } from 'react-router';
import { buttonClassName } from '../../shared/ui/button';
import { ContactForm } from './contact-form';
import { LandValues } from './land-values';
import { NewsletterForm } from './newsletter-form';
import { HeroArt } from './hero-art';
import { ProjectTeaserCard } from './project-teaser';
import * as styles from './home.module.css';
import * as sitePagesStyles from './site-pages.module.css';

/**
 * The home page (/), the page most visitors see first and the one measured on a slow phone: the
 * hero is plain text with an inline drawing, nothing above the fold waits for data, and the one
 * figure from the API (the value of the land) keeps its box while it loads. No chart or other
 * heavy code is imported here.
 */

const STEPS = [
  {
    title: 'Register',
    text: 'Create your account with your email address in about a minute. Individuals, businesses and governments are welcome.',
  },
  {
    title: 'Verify',
    text: 'Confirm your email, then add your profile, identity and bank details. We check them so that your account and your money stay safe.',
  },
  {
    title: 'Buy',
    text: 'Choose a currency and a number of Units, then pay by bank transfer, card or crypto. Buying takes about a minute.',
  },
  {
    title: 'Watch, sell or transfer',
    text: 'Your dashboard shows your Units, their value and your profit. Selling or transferring takes about 30 seconds.',
  },
] as const;

const ACTIVITIES = [
  {
    title: 'Forests',
    figure: '40 ha',
    text: 'A 40 ha forest project, part of a 5% increase in forest on the land we manage.',
  },
  {
    title: 'Hedgerows',
    figure: '+7%',
    text: 'Replanting and caring for hedgerows, which shelter wildlife and protect soil: a 7% increase in hedgerows.',
  },
  {
    title: 'Carbon',
    figure: '+30%',
    text: 'Managing soil, grass and trees for 30% additional CO\u2082 sequestration on the land we manage.',
  },
  {
    title: 'Farming with nature',
    figure: null,
    text: 'Organic practices, natural sources of nitrogen and no pesticides on the land we manage.',
  },
] as const;

/** Why people and organisations choose Land Units (SPEC §1). */
const REASONS = [
  { figure: 'About a minute', text: 'to buy Units, by bank transfer, card or crypto.' },
  { figure: 'About 30 seconds', text: 'to sell or transfer Units from your dashboard.' },
  { figure: '$150 million', text: 'Projects up to $150 million in size, run by our team.' },
  { figure: '20 years', text: 'of experience in managing land sustainably.' },
] as const;

/** The first questions of the FAQ; the rest are on /faq. */
const HOME_FAQ = FAQ_ENTRIES.slice(0, 5);

export function HomePage() {
  return (
    <div>
      <section className={styles.homeHero} aria-labelledby="home-title">
        <div className={styles.homeHeroInner}>
          <div>
            <p className={sitePagesStyles.sitePageEyebrow}>Sustainably managed land</p>
            <h1 id="home-title" tabIndex={-1}>
              Units backed by land that is cared for
            </h1>
            <p className={styles.homeHeroLead}>
              Buy, sell and transfer Land Units in pounds, dollars, euros or Australian dollars. The money from sales buys land that we manage sustainably, and Units rise in price each day at a fixed
              rate.
            </p>
            <div className={styles.homeActions}>
              <Link to="/register" className={buttonClassName('primary')}>
                Register
              </Link>
              <a href="#how-it-works" className={buttonClassName('secondary')}>
                How it works
              </a>
            </div>
            <p className={styles.homeHeroNote}>Not investment advice. A Unit is not ownership of land.</p>
          </div>
          <HeroArt />
        </div>
      </section>

      <section className={styles.homeSection} aria-labelledby="what-title">
        <div className={styles.homeSectionInner}>
          <h2 id="what-title">What a Unit is, and what it is not</h2>
          <div className={`${styles.homeGrid} ${styles.homeGrid2}`}>
            <div className={styles.homeCard}>
              <h3>A Unit is</h3>
              <ul className={`${styles.homeList} ${styles.homeListYes}`}>
                <li>Priced in one of four currencies: GBP, USD, EUR or AUD.</li>
                <li>Rising in price each day, at a fixed rate.</li>
                <li>Backed by land: the money from sales buys sustainably managed land.</li>
                <li>Yours to sell, or to transfer to another Land Units user free of charge.</li>
              </ul>
            </div>
            <div className={styles.homeCard}>
              <h3>A Unit is not</h3>
              <ul className={`${styles.homeList} ${styles.homeListNo}`}>
                <li>Ownership of land. Holding Units does not make you a landowner.</li>
                <li>Investment advice. Nothing on this site tells you what to do with your money.</li>
              </ul>
            </div>
          </div>
        </div>
      </section>

      <section id="how-it-works" className={`${styles.homeSection} ${styles.homeSectionTinted}`} aria-labelledby="how-title">
        <div className={styles.homeSectionInner}>
          <h2 id="how-title">How Does It Work</h2>
          <ol className={styles.homeSteps}>
            {STEPS.map((step, index) => (
              <li key={step.title} className={styles.homeStep}>
                <span className={styles.homeStepNumber} aria-hidden="true">
                  {index + 1}
                </span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className={styles.homeSection} aria-labelledby="activities-title">
        <div className={styles.homeSectionInner}>
          <h2 id="activities-title">Sustainable Activities</h2>
          <p className={styles.homeSectionLead}>The land behind Land Units is managed for nature as well as for its value.</p>
          <ul className={`${styles.homeGrid} ${styles.homeGrid4} ${styles.homeActivities}`}>
            {ACTIVITIES.map((activity) => (
              <li key={activity.title} className={styles.homeCard}>
                {activity.figure ? <p className={styles.homeFigure}>{activity.figure}</p> : null}
                <h3>{activity.title}</h3>
                <p>{activity.text}</p>
              </li>
            ))}
          </ul>
          <p>
            See where these figures come from on <Link to="/statistics">Statistics</Link> and <Link to="/references">References</Link>.
          </p>
        </div>
      </section>

      <section id="land-projects" className={styles.homeSection} aria-labelledby="project-title">
        <div className={styles.homeSectionInner}>
          <h2 id="project-title">One of our land projects</h2>
          <p className={styles.homeSectionLead}>A project running now on the land behind Land Units.</p>
          <ProjectTeaserCard />
        </div>
      </section>

      <section id="land-value" className={`${styles.homeSection} ${styles.homeSectionTinted}`} aria-labelledby="land-value-title">
        <div className={styles.homeSectionInner}>
          <h2 id="land-value-title">The value of the land we manage</h2>
          <p className={styles.homeSectionLead}>
            The money from Unit sales buys land that we manage sustainably. This is its current value in pounds, dollars and euros, from the stored land value and exchange rates.
          </p>
          <LandValues />
        </div>
      </section>

      <section className={styles.homeSection} aria-labelledby="why-title">
        <div className={styles.homeSectionInner}>
          <h2 id="why-title">Why Land Units</h2>
          <ul className={`${styles.homeGrid} ${styles.homeGrid4} ${styles.homeReasons}`}>
            {REASONS.map((reason) => (
              <li key={reason.figure} className={styles.homeCard}>
                <p className={styles.homeFigure}>{reason.figure}</p>
                <p>{reason.text}</p>
              </li>
            ))}
          </ul>
          <p className={styles.homeSectionLead}>
            For businesses and governments, Units bring CSR and ESG benefits: support for land managed for nature, with impact figures to use in your own reporting.{' '}
            <Link to="/business">Land Units for organisations</Link>
          </p>
          <p className={styles.homeReport}>
            <a href={SITE_API.report2025}>Read our 2025 report (PDF)</a>
          </p>
        </div>
      </section>

      <section className={`${styles.homeSection} ${styles.homeSectionTinted}`} aria-labelledby="fees-title">
        <div className={styles.homeSectionInner}>
          <h2 id="fees-title">Fees, stated plainly</h2>
          <dl className={styles.homeFees}>
            <div className={styles.homeFee}>
              <dt>Purchase fee</dt>
              <dd>About 1 in the currency of your purchase, for example £1</dd>
            </div>
            <div className={styles.homeFee}>
              <dt>Sale fee</dt>
              <dd>10 Units per sale</dd>
            </div>
            <div className={styles.homeFee}>
              <dt>Transfers</dt>
              <dd>Free</dd>
            </div>
            <div className={styles.homeFee}>
              <dt>What we earn</dt>
              <dd>2% on the land we manage</dd>
            </div>
          </dl>
          <p>
            Card and crypto payments may add the payment provider&apos;s fee. <Link to="/fees">See every fee</Link>.
          </p>
        </div>
      </section>

      <section id="faq" className={styles.homeSection} aria-labelledby="faq-title">
        <div className={styles.homeSectionInner}>
          <h2 id="faq-title">Frequently asked questions</h2>
          <div className={styles.homeFaq}>
            {HOME_FAQ.map((entry) => (
              <details key={entry.id} className={styles.homeFaqItem}>
                <summary>{entry.question}</summary>
                {entry.answer.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </details>
            ))}
          </div>
          <p>
            <Link to="/faq">All questions</Link>
          </p>
        </div>
      </section>

      <section id="about-us" className={`${styles.homeSection} ${styles.homeSectionTinted}`} aria-labelledby="about-title">
        <div className={`${styles.homeSectionInner} ${styles.homeAbout}`}>
          <div>
            <h2 id="about-title">About us</h2>
            <p>
              The people behind Land Units bring 20 years of experience in managing land sustainably. Land Units lets individuals, businesses and governments take part in that work, and helps
              organisations meet their CSR and ESG goals.
            </p>
            <ul className={styles.homeLinks}>
              <li>
                <Link to="/about-us">More about us</Link>
              </li>
              <li>
                <Link to="/team">Meet the team</Link>
              </li>
              <li>
                <Link to="/business">For businesses and governments</Link>
              </li>
              <li>
                <Link to="/contact-us">Contact us</Link>
              </li>
            </ul>
          </div>
        </div>
      </section>

      <section id="contact" className={styles.homeSection} aria-labelledby="contact-title">
        <div className={`${styles.homeSectionInner} ${styles.homeContact}`}>
          <div className={styles.homeContactIntro}>
            <h2 id="contact-title">Contact us</h2>
            <p>A question about Units, your account or working with us? Write to us and we answer by email within two working days.</p>
          </div>
          <ContactForm headingId="contact-title" />
        </div>
      </section>

      <section id="newsletter" className={`${styles.homeSection} ${styles.homeSectionTinted}`} aria-labelledby="newsletter-title">
        <div className={`${styles.homeSectionInner} ${styles.homeNewsletter}`}>
          <div>
            <h2 id="newsletter-title">Newsletter</h2>
            <p>News from the land and from Land Units, now and then. We send a link to confirm your address first.</p>
          </div>
          <NewsletterForm headingId="newsletter-title" />
        </div>
      </section>

      <section className={styles.homeSection} aria-labelledby="start-title">
        <div className={styles.homeSectionInner}>
          <div className={styles.homeCta}>
            <h2 id="start-title">Start in about a minute</h2>
            <p>Register with your email address, confirm it, and your dashboard is ready.</p>
            <div className={styles.homeActions}>
              <Link to="/register" className={buttonClassName('primary', 'md', styles.homeCtaPrimary)}>
                Register now
              </Link>
              <Link to="/business-register" className={buttonClassName('secondary', 'md', styles.homeCtaSecondary)}>
                Register a business
              </Link>
            </div>
          </div>
          <div className={styles.homeDisclaimer}>
            <p>
              <strong>Please note: </strong>
              {DISCLAIMER}
            </p>
          </div>
        </div>
      </section>
    </div>
  );
}

/** This chunk's pages by route-table path: app/page-modules.ts loads a page by its path. */
export const pages = {
  '/': HomePage,
};
