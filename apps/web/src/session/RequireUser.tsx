import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { loginPath } from '../lib/adminPaths.js';
import { useChain } from '../lib/useChain.js';
import { useCurrentUser } from './useCurrentUser.js';

/** Spec section 2 (Header): the text of pages that need a user when no user is present. */
export const MUST_LOGIN = 'You must login for this page';
/** Shown to a signed-in user who is not a super admin on a super-admin page. */
export const SUPER_ADMIN_ONLY = 'This page is for the super admin only.';

/** A page's place while the session is loading. */
export function PageLoading() {
  return <div className="page-loading" aria-busy="true" />;
}

/** 'You must login for this page' with a link to the login page of the current chain. */
export function MustLogin() {
  const chain = useChain();
  return (
    <div className="gate" data-testid="must-login">
      <p className="gate__text">{MUST_LOGIN}</p>
      <Link to={loginPath(chain)}>Log in</Link>
    </div>
  );
}

/**
 * Renders its children only for a signed-in user (spec section 2: only /login is reachable when
 * logged out), and with `superAdmin` only for a super admin.
 */
export function RequireUser({ superAdmin = false, children }: { superAdmin?: boolean; children: ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <PageLoading />;
  // A failed session check counts as no user: the page cannot be shown either way.
  if (!user) return <MustLogin />;
  if (superAdmin && !user.isSuperAdmin) {
    return (
      <div className="gate" data-testid="not-allowed">
        <p className="gate__text">{SUPER_ADMIN_ONLY}</p>
      </div>
    );
  }
  return <>{children}</>;
}
