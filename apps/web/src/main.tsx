import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The design tokens and base styles; the components are imported where they are used.
import '@metatag/ui/ui.css';
import './styles.css';
import { App } from './App.js';
import { installPreloadErrorHandler } from './lib/chunkLoad.js';
import { AppProviders } from './providers/AppProviders.js';
import { preloadRoutes } from './routes/lazyRoute.js';
import { routes } from './routes/routes.js';

installPreloadErrorHandler();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The current page's chunks first (see preloadRoutes), then the first render.
void preloadRoutes(routes, window.location.pathname).then(() =>
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <App />
      </AppProviders>
    </StrictMode>,
  ),
);
