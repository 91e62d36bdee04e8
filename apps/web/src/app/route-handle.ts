import { matchRoute, NOT_FOUND_ROUTE, type RouteDef } from '@landunits/domain';
import { useLocation } from 'react-router';

/**
 * The route-table entry of the page on screen (the 404 entry when nothing matched). The router's
 * routes are generated from the same table and match case-sensitively, so both always agree.
 */
export function useCurrentRoute(): RouteDef {
  const { pathname } = useLocation();
  return matchRoute(pathname)?.route ?? NOT_FOUND_ROUTE;
}
