import { Navigate, type RouteObject } from 'react-router';
import { Layout } from '../layout/Layout.js';
import { AdminArea } from './AdminArea.js';
import { NotFound } from './NotFound.js';
import { RouteError } from './RouteError.js';

export const HOME_REDIRECT = '/mainnet/admin/login';

/**
 * Only routes whose pages exist are listed; everything else falls to '404 not found yet' inside the
 * normal layout. Pages are added by their issues, e.g. `{ path: 'login', lazy: ... }` under the admin
 * area. Public chip/link pages (/tag/:id, /link/:id) go outside AdminArea so they load no wallet code
 * until they need it (wrap just their wallet actions in WalletBoundary).
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
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
            children: [{ path: '*', element: <NotFound /> }],
          },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];
