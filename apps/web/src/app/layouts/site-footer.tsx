import { ACCESSIBILITY_STATEMENT, DISCLAIMER, footerLinks, SOCIAL_LINKS } from '@landunits/domain';
import { Link } from 'react-router';
import { reopenConsent } from '../../shared/lib/consent';
import { useSession, useSessionHint } from '../../shared/session/session';
import { BrandMark } from './brand-mark';

export function SiteFooter() {
  const year = new Date().getFullYear();
  const session = useSession();
  // A probably signed-in visitor is not offered Register and Log in while the session loads either.
  const hinted = useSessionHint();
  const links = footerLinks(session.isAuth || (session.isLoading && hinted));
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <Link to="/" className="brand brand--inverse">
            <BrandMark />
            <span className="brand__name">Land Units</span>
          </Link>
          <p className="site-footer__tagline">Units backed by sustainably managed land.</p>
        </div>

        <nav aria-label="Footer" className="site-footer__nav">
          <h2 className="site-footer__heading">Land Units</h2>
          <ul className="site-footer__list">
            {links.map((link) => (
              <li key={link.label}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
            <li>
              <button type="button" className="site-footer__button" onClick={reopenConsent}>
                Cookie settings
              </button>
            </li>
          </ul>
        </nav>

        <div className="site-footer__social">
          <h2 className="site-footer__heading">Follow us</h2>
          <ul className="site-footer__list">
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

        <div className="site-footer__notes">
          <h2 className="site-footer__heading">Please note</h2>
          <p>{DISCLAIMER}</p>
          <h2 className="site-footer__heading">Accessibility</h2>
          <p>{ACCESSIBILITY_STATEMENT}</p>
        </div>
      </div>
      <div className="site-footer__legal">
        <p>© {year} Land Units. All rights reserved.</p>
      </div>
    </footer>
  );
}
