import { useId, useState, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router';
import { allowAll, allowNecessaryOnly, saveConsent, useConsent } from '../../shared/lib/consent';
import { useIsCompact } from '../../shared/lib/use-media-query';
import { Button } from '../../shared/ui/button';
import { Dialog } from '../../shared/ui/dialog';
import '../../shared/ui/switch.css';
import './cookie-banner.css';
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
    <div className="cookie-summary">
      <div className="cookie-summary__text">
        {heading}
        <p className="cookie-text">
          Necessary cookies keep you signed in; others only if you allow them. <Link to="/privacy-policy">Privacy Policy</Link>
        </p>
        {failed ? (
          <p className="cookie-error" role="alert">
            The cookie details could not be loaded. Check your connection and try again.
          </p>
        ) : null}
      </div>
      <div className="cookie-actions">
        <Button variant="secondary" onClick={allowNecessaryOnly}>
          Necessary only
        </Button>
        <Button variant="secondary" onClick={onCustomise} loading={loading}>
          Customise
        </Button>
        <Button onClick={allowAll}>Allow all</Button>
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
      <Dialog open dismissible={false} title="Your cookie choices" testId="cookie-banner" className="cookie-dialog">
        <Details initial={consent.choices} onSave={saveConsent} />
      </Dialog>
    );
  }

  if (compact) {
    return (
      <Dialog open dismissible={false} title="Cookies on Land Units" testId="cookie-banner" className="cookie-dialog">
        <Summary onCustomise={openDetails} loading={loading} failed={failed} />
      </Dialog>
    );
  }

  return (
    <section className="cookie-bar" aria-labelledby={titleId} data-testid="cookie-banner">
      <div className="cookie-bar__inner">
        <Summary
          heading={
            <h2 id={titleId} className="cookie-bar__title">
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
