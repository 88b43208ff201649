// The server's half of the chip and link pages' first paint: the gateway imports the built module
// (apps/web/dist/.ssr/chipPage.server.js) and renders `/tag/{id}` and `/link/{id}` with the data it
// fetched, into the same tree the browser hydrates (main.tsx): StrictMode, the app's providers with a
// seeded query client, the router at the request's URL and the route table.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppRoutes } from '../App.js';
import { seedChipQueries, type ChipPageData } from '../pages/chip/chipPageData.js';
import { AppProviders } from '../providers/AppProviders.js';
import { createQueryClient } from '../providers/queryClient.js';
import { preloadRoutes } from '../routes/lazyRoute.js';
import { routes } from '../routes/routes.js';

export { CHIP_DATA_ID, scriptSafeJson, type ChipPageData } from '../pages/chip/chipPageData.js';

/** The markup of `#root` for a chip or link page; `url` is the request's path and query. */
export async function renderChipPage(data: ChipPageData, url: string): Promise<string> {
  const pathname = url.split('?')[0];
  await preloadRoutes(routes, pathname);
  const client = createQueryClient();
  seedChipQueries(client, data);
  try {
    return renderToString(
      <StrictMode>
        <AppProviders client={client}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </StrictMode>,
    );
  } finally {
    client.clear();
  }
}
