import { ACCESSIBILITY_STATEMENT, DISCLAIMER, footerLinks, SOCIAL_LINKS } from '@landunits/domain';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { reopenConsent } from '../../shared/lib/consent';
import { useSession, useSessionHint } from '../../shared/session/session';
import { BrandMark } from './brand-mark';
import * as styles from './layout.module.css';

// The operator's regulatory line (decision 0065), a lazy chunk: see footer-statements.tsx.
const FooterStatements = lazy(() => import('../../shared/trust/footer-statements'));

export function SiteFooter() {
  const year = new Date().getFullYear();
  const session = useSession();
  // A probably signed-in visitor is not offered Register and Log in while the session loads either.
  const hinted = useSessionHint();
  const links = footerLinks(session.isAuth || (session.isLoading && hinted));
  return (
    <footer className={styles.siteFooter}>
      <div className={styles.siteFooterInner}>
        <div className={styles.siteFooterBrand}>
          <Link to="/" className={`${styles.brand} ${styles.brandInverse}`}>
            <BrandMark />
            <span>Land Units</span>
          </Link>
          <p className={styles.siteFooterTagline}>Units backed by sustainably managed land.</p>
        </div>

        <nav aria-label="Footer">
          <h2 className={styles.siteFooterHeading}>Land Units</h2>
          <ul className={styles.siteFooterList}>
            {links.map((link) => (
              <li key={link.label}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
            <li>
              <button type="button" className={styles.siteFooterButton} onClick={reopenConsent}>
                Cookie settings
              </button>
            </li>
          </ul>
        </nav>

        <div>
          <h2 className={styles.siteFooterHeading}>Follow us</h2>
          <ul className={styles.siteFooterList}>
            {SOCIAL_LINKS.map((link) => (
              <li key={link.label}>
                <a href={link.to} target="_blank" rel="noopener noreferrer">
                  {link.label}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>

        <div className={styles.siteFooterNotes}>
          <Suspense fallback={null}>
            <FooterStatements headingClassName={styles.siteFooterHeading} />
          </Suspense>
          <h2 className={styles.siteFooterHeading}>Please note</h2>
          <p>{DISCLAIMER}</p>
          <h2 className={styles.siteFooterHeading}>Accessibility</h2>
          <p>{ACCESSIBILITY_STATEMENT}</p>
        </div>
      </div>
      <div className={styles.siteFooterLegal}>
        <p>© {year} Land Units. All rights reserved.</p>
      </div>
    </footer>
  );
}
