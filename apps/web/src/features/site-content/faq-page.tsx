import { DISCLAIMER, FAQ_ENTRIES } from '@landunits/domain';
import { Link } from 'react-router';
import { LinkList } from './info/page-parts';
import * as styles from './site-pages.module.css';

/**
 * /faq: the ten questions of SPEC §1 from the domain's FAQ_ENTRIES (the same text the home page and
 * the FAQPage structured data use). Every answer is on the page, under a heading with the entry's
 * anchor, so /faq#what-is-a-unit lands on its answer with or without JavaScript and the server's
 * first render is the whole page. A plain list of in-page links leads to each question.
 */
export function FaqPage() {
  return (
    <div className={styles.sitePage}>
      <header className={styles.sitePageHeader}>
        <h1 tabIndex={-1}>Frequently asked questions</h1>
        <p className={styles.sitePageLead}>
          Straight answers about Units, prices, selling, fees and what happens to your money. If your question is not here, <Link to="/contact-us">contact us</Link>.
        </p>
      </header>

      <div className={`${styles.sitePageBody} ${styles.sitePageBodyWithToc}`}>
        <nav className={styles.siteToc} aria-labelledby="faq-toc-title">
          <h2 id="faq-toc-title" className={styles.siteTocTitle}>
            Questions
          </h2>
          <ol className={styles.siteTocList}>
            {FAQ_ENTRIES.map((entry) => (
              <li key={entry.id}>
                <a href={`#${entry.id}`}>{entry.question}</a>
              </li>
            ))}
          </ol>
        </nav>

        <div className={`${styles.faqList} ${styles.siteText}`}>
          {FAQ_ENTRIES.map((entry) => (
            <section key={entry.id} id={entry.id} className={`${styles.siteSection} ${styles.faqEntry}`}>
              <h2>{entry.question}</h2>
              {entry.answer.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </section>
          ))}

          <section className={styles.siteCta} aria-labelledby="faq-next-title">
            <h2 id="faq-next-title">Ready to start, or still unsure?</h2>
            <LinkList
              links={[
                { to: '/fees', label: 'See every fee' },
                { to: '/register', label: 'Register' },
                { to: '/contact-us', label: 'Contact us' },
              ]}
            />
            <p>
              The <Link to="/terms-and-conditions">terms and conditions</Link> set out the rules in full.
            </p>
          </section>

          <p className={styles.siteDisclaimer}>{DISCLAIMER}</p>
        </div>
      </div>
    </div>
  );
}

/** This chunk's pages by route-table path: app/page-modules.ts loads a page by its path. */
export const pages = {
  '/faq': FaqPage,
};
