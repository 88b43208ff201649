// first: zod must not probe for eval under the CSP (lib/zodJitless.ts)
import './lib/zodJitless.js';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { HYDRATING_ATTRIBUTE } from './pages/chip/hydration.js';
// The design tokens and base styles; the components are imported where they are used.
import '@metatag/ui/ui.css';
import './styles.css';
import { App } from './App.js';
import { installPreloadErrorHandler } from './lib/chunkLoad.js';
import { readChipPageData, seedChipQueries } from './pages/chip/chipPageData.js';
import { AppProviders } from './providers/AppProviders.js';
import { createQueryClient } from './providers/queryClient.js';
import { preloadRoutes } from './routes/lazyRoute.js';
import { routes } from './routes/routes.js';

installPreloadErrorHandler();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// A chip or link page rendered by the server carries its data: the first render uses it and
// hydrates the server's markup instead of asking again (apps/web/README.md "First paint").
const chipData = readChipPageData();
const client = createQueryClient();
if (chipData) seedChipQueries(client, chipData);
const app = (
  <StrictMode>
    <AppProviders client={client}>
      <App />
    </AppProviders>
  </StrictMode>
);

// The current page's chunks first (see preloadRoutes), then the first render.
void preloadRoutes(routes, window.location.pathname).then(() => {
  if (chipData && container.firstElementChild) {
    document.documentElement.setAttribute(HYDRATING_ATTRIBUTE, '');
    hydrateRoot(container, app);
  } else createRoot(container).render(app);
});
