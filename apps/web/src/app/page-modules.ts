import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * One lazy loader per page component, keyed by route-table path. Pages not listed here are not
 * built yet and share the placeholder page. Pages are lazy chunks, so a public page never
 * downloads dashboard code. The pages of one feature share one chunk (one dynamic import):
 * every chunk's file names are written into the entry, and the entry's budget is tight.
 */
type Loader = () => Promise<{ default: ComponentType }>;

const accountPages = () => import('../features/accounts/account-pages');
const devMailPages = () => import('../features/dev-mail/dev-mail-pages');

const PAGE_LOADERS: Readonly<Record<string, Loader>> = {
  '/': () => import('../features/home/home-page').then((m) => ({ default: m.HomePage })),
  '/register': () => accountPages().then((m) => ({ default: m.RegisterPage })),
  '/business-register': () => accountPages().then((m) => ({ default: m.BusinessRegisterPage })),
  '/login': () => accountPages().then((m) => ({ default: m.LoginPage })),
  '/logout': () => accountPages().then((m) => ({ default: m.LogoutPage })),
  '/login-forgot': () => accountPages().then((m) => ({ default: m.ForgotPasswordPage })),
  '/login/reset': () => accountPages().then((m) => ({ default: m.ResetPasswordPage })),
  '/account/confirm': () => accountPages().then((m) => ({ default: m.ConfirmAccountPage })),
  '/dev/mail': () => devMailPages().then((m) => ({ default: m.DevMailListPage })),
  '/dev/mail/:id': () => devMailPages().then((m) => ({ default: m.DevMailMessagePage })),
};

const placeholderLoader: Loader = () =>
  import('./pages/placeholder-page').then((m) => ({ default: m.PlaceholderPage }));

const cache = new Map<Loader, LazyExoticComponent<ComponentType>>();

function lazyOnce(loader: Loader): LazyExoticComponent<ComponentType> {
  let component = cache.get(loader);
  if (!component) {
    component = lazy(loader);
    cache.set(loader, component);
  }
  return component;
}

/** The lazily loaded page component of a route-table path. */
export function pageComponent(path: string): LazyExoticComponent<ComponentType> {
  return lazyOnce(PAGE_LOADERS[path] ?? placeholderLoader);
}

export const NotFoundPage = lazy(() =>
  import('./pages/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);
