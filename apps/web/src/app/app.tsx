import { useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from '../shared/api/query-client';
import { sessionQueryOptions } from '../shared/session/session';
import { Providers } from './providers';
import { AppRoutes } from './routes';

/** `client`: a query cache already holding the data a server-rendered page was drawn with. */
export function App({ client: given }: { client?: QueryClient }) {
  const [client] = useState(() => {
    const queryClient = given ?? createQueryClient();
    // SPEC §4: the current user is fetched at start, in parallel with the first page's code.
    void queryClient.prefetchQuery(sessionQueryOptions);
    return queryClient;
  });
  return (
    <Providers client={client}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
