import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@metatag/ui';
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
