import { guard } from '@landunits/domain';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { applyHead } from '../../shared/lib/head';
import { useSession } from '../../shared/session/session';
import { ToastRegion } from '../../shared/ui/toast';
import { StepUpHost } from '../../shared/step-up/step-up-dialog';
import { useConsent } from '../../shared/lib/consent';
import { useHydrated } from '../../shared/lib/use-hydrated';
import { FORBIDDEN_HEAD } from '../pages/forbidden-head';
import { useCurrentRoute } from '../route-handle';
import { skipToMain, useNavigationEffects } from './use-navigation-effects';

const CookieBanner = lazy(() => import('../cookie-banner/cookie-banner').then((m) => ({ default: m.CookieBanner })));

/**
 * The banner's code is fetched only for visitors who have not chosen yet. Their choice lives in
 * this browser, so the banner is never part of a server-rendered page: it appears once hydrated.
 */
function CookieConsentGate() {
  const { decided } = useConsent();
  const hydrated = useHydrated();
  if (decided || !hydrated) return null;
  return (
    <Suspense fallback={null}>
      <CookieBanner />
    </Suspense>
  );
}

/** Wraps every page: skip link, document head, focus after navigation, toasts, the step-up dialog, cookie banner. */
export function RootLayout() {
  const route = useCurrentRoute();
  const session = useSession();
  const forbidden = route.access === 'admin' && session.isAuth && guard(route, session, '').kind === 'forbidden';
  const head = forbidden ? FORBIDDEN_HEAD : route;

  useEffect(() => {
    applyHead(head);
  }, [head]);
  useNavigationEffects();

  return (
    <>
      <a className="skip-link" href="#main" onClick={skipToMain}>
        Skip to content
      </a>
      <Outlet />
      <ToastRegion />
      <StepUpHost />
      <CookieConsentGate />
    </>
  );
}
