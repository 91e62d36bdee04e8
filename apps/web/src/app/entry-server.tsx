import { dehydrate, QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { SessionHintContext } from '../shared/session/session';
import { Providers } from './providers';
import { AppRoutes } from './routes';

export { siteQueryUrl, ssrQueries, type SiteQuery } from '../features/site-content/site-queries';

/**
 * Server-side render of a public page (the API imports the SSR build of this file). The page is
 * rendered with the data the server already fetched, waiting for every lazy page chunk, so the
 * HTML carries the whole page: the browser paints it before any script runs, then hydrates it.
 * Public pages render the same for everyone but for the header of a visitor holding the signed-in
 * hint cookie (links hidden until the session is known), so the result can be cached per variant.
 */
export interface RenderInput {
  /** Path and query of the page. */
  url: string;
  /** Answers of the page's site queries, by query key. */
  data: readonly { queryKey: readonly unknown[]; data: unknown }[];
  /** The request carried the signed-in hint cookie. */
  signedInHint?: boolean;
}

export interface RenderResult {
  html: string;
  /** The query cache the page was rendered with, for the browser to start from (JSON). */
  state: string;
}

export async function renderPage({ url, data, signedInHint = false }: RenderInput): Promise<RenderResult> {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 5 * 60_000, refetchOnWindowFocus: false } },
  });
  for (const entry of data) client.setQueryData(entry.queryKey, entry.data);

  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Providers client={client}>
        <SessionHintContext value={signedInHint}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </SessionHintContext>
      </Providers>
    </StrictMode>,
    // Every boundary inline, however large: otherwise React moves big finished sections to the end
    // of the page with a small inline script to put them in place, which the CSP (script-src
    // 'self') rightly blocks, and the page would stay hidden until hydration.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
  const state = JSON.stringify(dehydrate(client));
  client.clear();
  return { html, state };
}
