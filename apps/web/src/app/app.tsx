import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from '../shared/api/query-client';
import { sessionQueryOptions } from '../shared/session/session';
import { Providers } from './providers';
import { AppRoutes } from './routes';

export function App() {
  const [client] = useState(() => {
    const queryClient = createQueryClient();
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
