import { BrowserRouter, useRoutes } from 'react-router';
import { routes } from './routes/routes.js';

/** The route table's element for the current location (the server renders it under a StaticRouter). */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The declarative router (BrowserRouter + useRoutes), not the data router: we use no loaders,
 * actions or fetchers, and the data router is ~17 KB gzip of the public chip page's budget.
 */
export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
