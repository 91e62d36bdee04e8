import { ROUTES, type RouteDef } from '@landunits/domain';
import { lazy, Suspense } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { DashboardFallback } from './layouts/dashboard-fallback';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { AdminShell, NotFoundPage, pageComponent, preloadPrivatePages } from './page-modules';

/**
 * The dashboard layout (side menu and all) is only downloaded by visitors of dashboard pages; the
 * table of their pages' chunks comes with it.
 */
const DashboardLayout = lazy(() => {
  preloadPrivatePages();
  return import('./layouts/dashboard-layout').then((m) => ({ default: m.DashboardLayout }));
});

/** Pages drawn inside the dashboard layout (header + grouped side menu). */
export function usesDashboardLayout(path: string): boolean {
  return path === '/dashboard' || path.startsWith('/dashboard/') || path === '/user-manual';
}

/** The admin area: /admin and its sections, drawn inside the admin frame. */
export function usesAdminShell(path: string): boolean {
  return path === '/admin' || path.startsWith('/admin/');
}

function pageRoute(route: RouteDef): RouteObject {
  const Page = pageComponent(route.path);
  // Case-sensitive like matchRoute, so the guard and the page always agree on the route.
  return { path: route.path, caseSensitive: true, element: <Page /> };
}

/**
 * The route objects, generated from the one route table in @landunits/domain. Layouts hold a
 * Suspense boundary and the access guard; each page's code is a lazy chunk.
 */
export function createRoutes(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      children: [
        {
          element: <PublicLayout />,
          children: [
            ...ROUTES.filter((r) => !usesDashboardLayout(r.path) && !usesAdminShell(r.path)).map(pageRoute),
            // The route guard (in PublicLayout) answers 403 before the frame is drawn.
            { element: <AdminShell />, children: ROUTES.filter((r) => usesAdminShell(r.path)).map(pageRoute) },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
        {
          element: (
            <Suspense fallback={<DashboardFallback />}>
              <DashboardLayout />
            </Suspense>
          ),
          children: ROUTES.filter((r) => usesDashboardLayout(r.path)).map(pageRoute),
        },
      ],
    },
  ];
}

const APP_ROUTES = createRoutes();

export function AppRoutes() {
  return useRoutes(APP_ROUTES);
}
