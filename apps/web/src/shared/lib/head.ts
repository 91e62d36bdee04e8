import type { RouteDef } from '@landunits/domain';

function setMeta(name: string, content: string, create: boolean): void {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!meta) {
    if (!create) return;
    meta = document.createElement('meta');
    meta.name = name;
    document.head.append(meta);
  }
  meta.content = content;
}

function setDescription(description: string): void {
  if (description) setMeta('description', description, true);
  else document.head.querySelector('meta[name="description"]')?.remove();
}

/** What a page's <head> says: a route of the table, or a fixed head (the 403 page) with its own description. */
export type Head = Pick<RouteDef, 'title' | 'robots'> & ({ path: string; description?: undefined } | { path?: undefined; description: string });

let applied = 0;

/**
 * Keeps the document's title, description and robots in step with the route table on client-side
 * navigations. The server wrote them for the first load, so the first call leaves the description
 * alone; later ones load the descriptions (route-descriptions.ts, out of the first download) and
 * write the page's unless another navigation came first.
 */
export function applyHead(head: Head): void {
  if (document.title !== head.title) document.title = head.title;
  setMeta('robots', head.robots, false);
  const call = ++applied;
  if (head.path === undefined) setDescription(head.description);
  else if (call > 1) {
    const { path } = head;
    void import('@landunits/domain/route-descriptions').then(({ routeDescription }) => {
      if (call === applied) setDescription(routeDescription({ path }));
    });
  }
}
