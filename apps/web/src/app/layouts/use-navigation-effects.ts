import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

function focusElement(element: HTMLElement, preventScroll: boolean): void {
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll });
}

function hashTarget(hash: string): HTMLElement | null {
  if (!hash) return null;
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // keep the raw id
  }
  return document.getElementById(id);
}

/**
 * After a client-side navigation: a #hash target is scrolled to and focused; otherwise a new page
 * starts at the top (back/forward keeps the browser's restored position) and focus moves to its
 * main heading, or the main region, so keyboard and screen-reader users start at the new content.
 * The first load keeps the browser's defaults.
 */
export function useNavigationEffects(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const initialKey = useRef(location.key);

  useEffect(() => {
    if (location.key === initialKey.current) return;
    const target = hashTarget(location.hash);
    if (target) {
      focusElement(target, false);
      return;
    }
    if (navigationType !== 'POP') window.scrollTo(0, 0);
    const main = document.getElementById('main');
    if (!main) return;
    focusElement(main.querySelector<HTMLElement>('h1') ?? main, true);
  }, [location.key, location.hash, navigationType]);
}

/** The skip link moves focus to the main region without changing the URL. */
export function skipToMain(event: { preventDefault: () => void }): void {
  const main = document.getElementById('main');
  if (!main) return;
  event.preventDefault();
  focusElement(main, false);
}
