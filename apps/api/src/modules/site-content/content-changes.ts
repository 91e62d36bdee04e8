/**
 * Tells this process's caches that the website's content changed (an admin saved news, a category
 * or the team), right after the change is committed: the server-rendered pages are drawn again on
 * their next request instead of when their minute is up. Other instances keep their copies for at
 * most that minute (decision 0020).
 */

type Listener = () => void;

const listeners = new Set<Listener>();

/** Calls `listener` after every committed content change; returns the way to stop. */
export function onSiteContentChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function siteContentChanged(): void {
  for (const listener of listeners) listener();
}
