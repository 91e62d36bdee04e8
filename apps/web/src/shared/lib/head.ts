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

/**
 * Keeps the document's title, description and robots in step with the route table on client-side
 * navigations (the server already wrote them for the first load).
 */
export function applyHead(route: Pick<RouteDef, 'title' | 'description' | 'robots'>): void {
  if (document.title !== route.title) document.title = route.title;
  if (route.description) setMeta('description', route.description, true);
  else document.head.querySelector('meta[name="description"]')?.remove();
  setMeta('robots', route.robots, false);
}
