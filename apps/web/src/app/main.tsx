// First: before any module builds a schema.
import '../shared/lib/zod-without-eval';
import { ANALYTICS_META_NAME } from '@landunits/domain';
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createQueryClient } from '../shared/api/query-client';
import { captureUtm } from '../shared/lib/utm';
// The typeface's @font-face rules (CSS and woff2 files, no JS); global.css names it in --font-sans.
import '@fontsource-variable/inter';
import '../shared/styles/global.css';
import { App } from './app';

// SPEC §3: campaign parameters of the landing page are kept for 7 days.
captureUtm();
// The analytics script an owner configured, only once the visitor's consent allows it; its loader
// is fetched only on sites that configured one (the server then writes the meta tag).
if (document.querySelector(`meta[name="${ANALYTICS_META_NAME}"]`)) {
  void import('../shared/lib/analytics-script').then((m) => m.loadAnalyticsAfterConsent());
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

/** The query cache a server-rendered page was drawn with (see entry-server.tsx). */
const ssrState = document.getElementById('ssr-state');

if (ssrState && container.firstElementChild) {
  const client = createQueryClient();
  try {
    hydrate(client, JSON.parse(ssrState.textContent ?? '{}'));
  } catch {
    // A damaged state only means the page asks for its data again.
  }
  // Hydration in a transition yields to the browser between pieces of work, so a slow phone
  // stays responsive while the page (already painted from the server's HTML) becomes interactive.
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <App client={client} />
      </StrictMode>,
    );
  });
} else {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
