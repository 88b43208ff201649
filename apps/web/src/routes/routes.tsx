import { Link, Navigate, type RouteObject } from 'react-router';
import { loginPath } from '../lib/adminPaths.js';
import { loadChunk } from '../lib/chunkLoad.js';
import { useChain } from '../lib/useChain.js';
import { RequireUser } from '../session/RequireUser.js';
import { AdminArea } from './AdminArea.js';
import { NotFound } from './NotFound.js';
import { RouteError } from './RouteError.js';

export const HOME_REDIRECT = '/mainnet/admin/login';

/** `/{chain}/admin` itself: "a link to login" (spec section 2), for a signed-in user. */
function AdminIndex() {
  const chain = useChain();
  return (
    <p className="admin-index">
      <Link to={loginPath(chain)}>Login</Link>
    </p>
  );
}

/**
 * An admin page whose own issue is not done yet: for a signed-in user it is still '404 not found
 * yet'; logged out it is 'You must login for this page' like every admin page but /login.
 */
const userOnly404: RouteObject['element'] = (
  <RequireUser>
    <NotFound />
  </RequireUser>
);

/**
 * `panel` redirects to `panel/nfts`, the NFT templates table (spec section 2). Its other sub-paths
 * (chips, qrs) are placeholders in the spec: they stay '404 not found yet' (logged in).
 */
const panelRoutes: RouteObject[] = [
  { path: 'panel', element: <Navigate to="nfts" replace /> },
  {
    path: 'panel/nfts',
    lazy: async () => {
      const { PanelNftsPage } = await loadChunk(() => import('../pages/nfts/PanelNftsPage.js'));
      return { Component: PanelNftsPage };
    },
  },
  { path: 'panel/*', element: userOnly404 },
];

/**
 * Only routes whose pages exist are listed; everything else falls to '404 not found yet' inside the
 * normal layout. Pages are lazy (`lazy` + loadChunk) so each is its own chunk. The public chip/link
 * pages (/tag/:id, /link/:id) sit outside the layout and the admin area: they load no wallet code until
 * they need it (pages/chip/ChipWallet.tsx is its own chunk).
 */
export const routes: RouteObject[] = [
  // The public chip and link pages have their own look (the collection's template): no admin layout.
  {
    path: 'tag/:id',
    errorElement: <RouteError />,
    lazy: async () => {
      const { ChipPage } = await loadChunk(() => import('../pages/chip/ChipPage.js'));
      return { Component: () => <ChipPage type="chip" /> };
    },
  },
  {
    path: 'link/:id',
    errorElement: <RouteError />,
    lazy: async () => {
      const { ChipPage } = await loadChunk(() => import('../pages/chip/ChipPage.js'));
      return { Component: () => <ChipPage type="link" /> };
    },
  },
  {
    // The admin layout (header, session, chain switcher) is a chunk of its own: the public chip pages
    // above never load it.
    lazy: async () => {
      const { Layout } = await loadChunk(() => import('../layout/Layout.js'));
      return { Component: Layout };
    },
    errorElement: <RouteError />,
    children: [
      {
        // Errors of a page render inside the layout, under the header.
        errorElement: <RouteError />,
        children: [
          { index: true, element: <Navigate to={HOME_REDIRECT} replace /> },
          {
            path: ':chain/admin',
            element: <AdminArea />,
            children: [
              {
                index: true,
                element: (
                  <RequireUser>
                    <AdminIndex />
                  </RequireUser>
                ),
              },
              {
                path: 'login',
                lazy: async () => {
                  const { LoginPage } = await loadChunk(() => import('../pages/login/LoginPage.js'));
                  return { Component: LoginPage };
                },
              },
              {
                path: 'super-admin',
                lazy: async () => {
                  const { SuperAdminPage } = await loadChunk(
                    () => import('../pages/superAdmin/SuperAdminPage.js'),
                  );
                  return { Component: SuperAdminPage };
                },
              },
              {
                path: 'collections',
                lazy: async () => {
                  const { CollectionsPage } = await loadChunk(
                    () => import('../pages/collections/CollectionsPage.js'),
                  );
                  return { Component: CollectionsPage };
                },
              },
              ...panelRoutes,
              {
                path: 'collection/:address',
                lazy: async () => {
                  const { CollectionArea } = await loadChunk(
                    () => import('../pages/collection/CollectionArea.js'),
                  );
                  return { Component: CollectionArea };
                },
                children: [
                  { index: true, element: <Navigate to="nfts" replace /> },
                  {
                    path: 'nfts',
                    lazy: async () => {
                      const { CollectionNftsPage } = await loadChunk(
                        () => import('../pages/collection/CollectionNftsPage.js'),
                      );
                      return { Component: CollectionNftsPage };
                    },
                  },
                  {
                    path: 'template',
                    lazy: async () => {
                      const { CollectionTemplatePage } = await loadChunk(
                        () => import('../pages/collection/CollectionTemplatePage.js'),
                      );
                      return { Component: CollectionTemplatePage };
                    },
                  },
                  { path: '*', element: <NotFound /> },
                ],
              },
              // The bare collection area has no page of its own.
              { path: 'collection/*', element: userOnly404 },
              { path: '*', element: <NotFound /> },
            ],
          },
          {
            // Per-user items (spec section 2): the super admin looks at another user's templates.
            path: 'user/:user/:chain/admin',
            element: <AdminArea />,
            children: [...panelRoutes, { path: '*', element: userOnly404 }],
          },
          {
            // The NFC-NFT linker has no chain segment; its page is a later issue.
            path: 'admin',
            element: <AdminArea />,
            children: [
              { path: 'nfc-nft', element: userOnly404 },
              { path: '*', element: <NotFound /> },
            ],
          },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];
