import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * One lazy import per page component, keyed by route-table path. Pages not listed here are not
 * built yet and share the placeholder page. Each import is its own chunk, so a public page never
 * downloads dashboard code.
 */
type Loader = () => Promise<{ default: ComponentType }>;

const PAGE_LOADERS: Readonly<Record<string, Loader>> = {
  '/': () => import('../features/home/home-page').then((m) => ({ default: m.HomePage })),
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
