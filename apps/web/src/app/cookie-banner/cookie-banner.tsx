import { useId, useState, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router';
import { allowAll, allowNecessaryOnly, saveConsent, useConsent } from '../../shared/lib/consent';
import { useIsCompact } from '../../shared/lib/use-media-query';
import { Button } from '../../shared/ui/button';
import { Dialog } from '../../shared/ui/dialog';
import * as styles from './cookie-banner.module.css';
import type { CookieDetailsProps } from './cookie-details-props';

const loadDetails = () => import('./cookie-details').then((m) => m.CookieDetails);

interface SummaryProps {
  heading?: ReactNode;
  onCustomise: () => void;
  loading: boolean;
  failed: boolean;
}

function Summary({ heading, onCustomise, loading, failed }: SummaryProps) {
  return (
    <div className={styles.cookieSummary}>
      <div>
        {heading}
        <p className={styles.cookieText}>
          Necessary cookies keep you signed in; others only if you allow them. <Link to="/privacy-policy">Privacy Policy</Link>
        </p>
        {failed ? (
          <p className={styles.cookieError} role="alert">
            The cookie details could not be loaded. Check your connection and try again.
          </p>
        ) : null}
      </div>
      <div className={styles.cookieActions}>
        <Button variant="secondary" className={styles.cookieAction} onClick={allowNecessaryOnly}>
          Necessary only
        </Button>
        <Button variant="secondary" className={styles.cookieAction} onClick={onCustomise} loading={loading}>
          Customise
        </Button>
        <Button className={styles.cookieAction} onClick={allowAll}>
          Allow all
        </Button>
      </div>
    </div>
  );
}

/**
 * SPEC §2/§4 cookie banner: shown until a choice is saved. A bottom bar on wide screens; a centred
 * modal below 992 px and whenever the detailed view (tabs Consent, Details, About) is open.
 * Escape does not dismiss it: a choice is needed.
 */
export function CookieBanner() {
  const consent = useConsent();
  const compact = useIsCompact();
  const titleId = useId();
  const [Details, setDetails] = useState<ComponentType<CookieDetailsProps> | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  if (consent.decided) return null;

  const openDetails = () => {
    setLoading(true);
    setFailed(false);
    loadDetails()
      .then((component) => setDetails(() => component))
      .catch(() => setFailed(true))
      .finally(() => setLoading(false));
  };

  if (Details) {
    return (
      <Dialog open dismissible={false} title="Your cookie choices" testId="cookie-banner" className={styles.cookieDialog} innerClassName={styles.cookieDialogInner}>
        <Details initial={consent.choices} onSave={saveConsent} />
      </Dialog>
    );
  }

  if (compact) {
    return (
      <Dialog open dismissible={false} title="Cookies on Land Units" testId="cookie-banner" className={styles.cookieDialog} innerClassName={styles.cookieDialogInner}>
        <Summary onCustomise={openDetails} loading={loading} failed={failed} />
      </Dialog>
    );
  }

  return (
    <section className={styles.cookieBar} aria-labelledby={titleId} data-testid="cookie-banner">
      <div className={styles.cookieBarInner}>
        <Summary
          heading={
            <h2 id={titleId} className={styles.cookieBarTitle}>
              Cookies on Land Units
            </h2>
          }
          onCustomise={openDetails}
          loading={loading}
          failed={failed}
        />
      </div>
    </section>
  );
}
