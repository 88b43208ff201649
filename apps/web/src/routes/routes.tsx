import { Link, matchRoutes, Navigate, Outlet, useParams, type RouteObject } from 'react-router';
import { loginPath } from '../lib/adminPaths.js';
import { useChain } from '../lib/useChain.js';
import { RequireUser } from '../session/RequireUser.js';
import { AdminArea } from './AdminArea.js';
import { lazyRoute } from './lazyRoute.js';
import { NotFound } from './NotFound.js';
import { PanelPlaceholder } from './PanelPlaceholder.js';
import { RouteBoundary } from './RouteBoundary.js';
import { UnknownPathGate } from './UnknownPathGate.js';
import { isUnknownPathHandle, UNKNOWN_PATH } from './unknownTap.js';

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
 * (chips, qrs) are placeholders in the spec: a page that says where chips and links are managed.
 */
const panelRoutes: RouteObject[] = [
  { path: 'panel', element: <Navigate to="nfts" replace /> },
  {
    path: 'panel/nfts',
    ...lazyRoute(
      () => import('../pages/nfts/PanelNftsPage.js'),
      (m) => m.PanelNftsPage,
    ),
  },
  { path: 'panel/chips', element: <PanelPlaceholder kind="chips" /> },
  { path: 'panel/qrs', element: <PanelPlaceholder kind="qrs" /> },
  { path: 'panel/*', element: userOnly404 },
];

/** A route with its own error boundary around its page. */
const bounded = <R extends Pick<RouteObject, 'element'>>(route: R): R => ({
  ...route,
  element: <RouteBoundary>{route.element}</RouteBoundary>,
});

/** The public chip or link page (one chunk for both), with its own error boundary. */
const chipRoute = (type: 'chip' | 'link') =>
  bounded(
    lazyRoute(
      () => import('../pages/chip/ChipPage.js'),
      ({ ChipPage }) =>
        function PublicChipPage() {
          return <ChipPage type={type} />;
        },
    ),
  );

/** A tap of a chip batch's one URL (issue #26): its own small chunk. */
const batchTapRoute = bounded(
  lazyRoute(
    () => import('../pages/chip/BatchTapPage.js'),
    (m) => m.BatchTapPage,
  ),
);

/** Scan analytics of a template or a collection (issue #20): its own chunk (charts and the map). */
const analyticsRoute = lazyRoute(
  () => import('../pages/analytics/AnalyticsPage.js'),
  (m) => m.AnalyticsPage,
);

/** The tag checker (issue #20), its own chunk. */
const tagCheckerRoute = lazyRoute(
  () => import('../pages/tagChecker/TagCheckerPage.js'),
  (m) => m.TagCheckerPage,
);

/**
 * The spec names the tag checker's route `/:tag-checker` literally. A one-segment route sees every
 * one-segment path no other route takes: only that literal segment is the tag checker.
 */
function OneSegment() {
  const { segment } = useParams();
  return segment === TAG_CHECKER_SEGMENT ? tagCheckerRoute.element : <NotFound />;
}
const TAG_CHECKER_SEGMENT = ':tag-checker';

/** Whether the route table answers this path with '404 not found yet' (its catch-alls). */
function isUnknownPath(pathname: string): boolean {
  const matches = matchRoutes(routes, pathname) ?? [];
  const last = matches[matches.length - 1];
  return !!last && isUnknownPathHandle(last.route.handle) && last.params.segment !== TAG_CHECKER_SEGMENT;
}

/**
 * Only routes whose pages exist are listed; everything else falls to '404 not found yet' inside the
 * normal layout. Pages are lazy (`lazyRoute`: React.lazy + loadChunk) so each is its own chunk. The
 * public chip/link pages (/tag/:id, /link/:id) sit outside the layout and the admin area: they load no
 * wallet code until they need it (pages/chip/ChipWallet.tsx is its own chunk).
 */
export const routes: RouteObject[] = [
  // The public chip and link pages have their own look (the collection's template): no admin layout.
  { path: 'tag/:id', ...chipRoute('chip') },
  { path: 'link/:id', ...chipRoute('link') },
  // an email claim's one-time link (issue #29 item 3): the token in the fragment
  {
    path: 'email-claim',
    ...bounded(
      lazyRoute(
        () => import('../pages/chip/EmailClaimPage.js'),
        (m) => m.EmailClaimPage,
      ),
    ),
  },
  // one URL for a chip batch (issue #26): /tag?…, path forms /tag/{PICC}/{ENC}/{MAC} (a one-segment
  // /tag/:id above is a chip's own page), and GS1 Digital Link paths /01/{GTIN}/21/{serial}?…
  { path: 'tag', ...batchTapRoute },
  { path: 'tag/*', ...batchTapRoute },
  { path: '01/*', ...batchTapRoute },
  // The terms of service the sign-in message links to: a plain page of its own.
  {
    path: 'terms',
    ...bounded(
      lazyRoute(
        () => import('../pages/terms/TermsPage.js'),
        (m) => m.TermsPage,
      ),
    ),
  },
  {
    // A batch URL on a path of its own (`/ln?p=…&c=…`) falls to the 404 below: the gate asks the
    // server whether a batch has it first (issue #26), and shows its tap page outside the layout.
    element: <UnknownPathGate isUnknown={isUnknownPath} />,
    children: [
      {
        // The admin layout (header, session, chain switcher) is a chunk of its own: the public chip pages
        // above never load it.
        ...bounded(
          lazyRoute(
            () => import('../layout/Layout.js'),
            (m) => m.Layout,
          ),
        ),
        children: [
          {
            // Errors of a page render inside the layout, under the header.
            element: (
              <RouteBoundary>
                <Outlet />
              </RouteBoundary>
            ),
            children: [
              { index: true, element: <Navigate to={HOME_REDIRECT} replace /> },
              {
                path: ':chain/utility-check/:nftId',
                ...lazyRoute(
                  () => import('../pages/utility/UtilityCheckPage.js'),
                  (m) => m.UtilityCheckPage,
                ),
              },
              {
                path: ':chain/check-parent/:collection/:token',
                ...lazyRoute(
                  () => import('../pages/checkParent/CheckParentPage.js'),
                  (m) => m.CheckParentPage,
                ),
              },
              {
                path: ':chain/redeem',
                ...lazyRoute(
                  () => import('../pages/redeem/RedeemPage.js'),
                  (m) => m.RedeemPage,
                ),
              },
              {
                // a passkey account's tokens, each with 'Send to my wallet' (issue #29 item 4)
                path: ':chain/my-tokens',
                ...lazyRoute(
                  () => import('../pages/myTokens/MyTokensPage.js'),
                  (m) => m.MyTokensPage,
                ),
              },
              {
                path: ':chain/mint-flow',
                ...lazyRoute(
                  () => import('../pages/mintFlow/MintFlowPage.js'),
                  (m) => m.MintFlowPage,
                ),
              },
              {
                // the limited-edition developer tool (issue #18): read-only tabs for anyone
                path: ':chain/limited',
                ...lazyRoute(
                  () => import('../pages/limited/LimitedPage.js'),
                  (m) => m.LimitedPage,
                ),
              },
              {
                path: 'email-nft',
                ...lazyRoute(
                  () => import('../pages/email/EmailNftPage.js'),
                  (m) => m.EmailNftPage,
                ),
              },
              {
                path: ':chain/admin',
                element: <AdminArea />,
                children: [
                  {
                    // chip batches of a template (issue #26)
                    path: 'batches/:nftId',
                    ...lazyRoute(
                      () => import('../pages/batches/BatchesPage.js'),
                      (m) => m.BatchesPage,
                    ),
                  },
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
                    ...lazyRoute(
                      () => import('../pages/login/LoginPage.js'),
                      (m) => m.LoginPage,
                    ),
                  },
                  {
                    path: 'super-admin',
                    ...lazyRoute(
                      () => import('../pages/superAdmin/SuperAdminPage.js'),
                      (m) => m.SuperAdminPage,
                    ),
                  },
                  {
                    path: 'collections',
                    ...lazyRoute(
                      () => import('../pages/collections/CollectionsPage.js'),
                      (m) => m.CollectionsPage,
                    ),
                  },
                  ...panelRoutes,
                  {
                    path: 'collection/:address',
                    ...lazyRoute(
                      () => import('../pages/collection/CollectionArea.js'),
                      (m) => m.CollectionArea,
                    ),
                    children: [
                      { index: true, element: <Navigate to="nfts" replace /> },
                      {
                        path: 'nfts',
                        ...lazyRoute(
                          () => import('../pages/collection/CollectionNftsPage.js'),
                          (m) => m.CollectionNftsPage,
                        ),
                      },
                      {
                        path: 'template',
                        ...lazyRoute(
                          () => import('../pages/collection/CollectionTemplatePage.js'),
                          (m) => m.CollectionTemplatePage,
                        ),
                      },
                      { path: 'analytics', ...analyticsRoute },
                      { path: '*', element: <NotFound /> },
                    ],
                  },
                  { path: 'analytics/template/:nftId', ...analyticsRoute },
                  // The bare collection area has no page of its own.
                  { path: 'collection/*', element: userOnly404 },
                  { path: '*', element: <NotFound /> },
                ],
              },
              {
                // Per-user items (spec section 2): the super admin looks at another user's templates.
                path: 'user/:user/:chain/admin',
                element: <AdminArea />,
                children: [
                  ...panelRoutes,
                  {
                    path: 'ledger',
                    ...lazyRoute(
                      () => import('../pages/ledger/UserLedgerPage.js'),
                      (m) => m.UserLedgerPage,
                    ),
                  },
                  { path: '*', element: userOnly404 },
                ],
              },
              {
                // The NFC-NFT linker has no chain segment.
                path: 'admin',
                element: <AdminArea />,
                children: [
                  {
                    path: 'nfc-nft',
                    ...lazyRoute(
                      () => import('../pages/nfcNft/NfcNftPage.js'),
                      (m) => m.NfcNftPage,
                    ),
                  },
                  { path: '*', element: <NotFound /> },
                ],
              },
              { path: 'tag-checker', ...tagCheckerRoute },
              {
                path: 'search/:query',
                ...lazyRoute(
                  () => import('../pages/search/SearchPage.js'),
                  (m) => m.SearchPage,
                ),
              },
              { path: ':segment', element: <OneSegment />, handle: UNKNOWN_PATH },
              { path: '*', element: <NotFound />, handle: UNKNOWN_PATH },
            ],
          },
        ],
      },
    ],
  },
];
