import { useLocation } from 'react-router';

/**
 * One query parameter of the current address. (React Router's useSearchParams would add about
 * 1 kB to the entry chunk, where the router lives; this needs only useLocation.)
 */
export function useQueryParam(name: string): string | null {
  return new URLSearchParams(useLocation().search).get(name);
}
