import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The design tokens and base styles; the components are imported where they are used.
import '@metatag/ui/ui.css';
import './styles.css';
import { App } from './App.js';
import { installPreloadErrorHandler } from './lib/chunkLoad.js';
import { AppProviders } from './providers/AppProviders.js';

installPreloadErrorHandler();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <App />
    </AppProviders>
  </StrictMode>,
);
