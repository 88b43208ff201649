import { Suspense, lazy, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button, buttonClassName } from '@metatag/ui';
import { loginPath, showsHeaderWallet } from '../lib/adminPaths.js';
import { DEFAULT_CHAIN, chainFromPath } from '../lib/chains.js';
import { loadChunk } from '../lib/chunkLoad.js';
import { useCurrentUser } from '../session/useCurrentUser.js';
import { useLogout } from '../session/useLogout.js';
import { ChainSwitcher } from './ChainSwitcher.js';
import { HeaderSearch } from './HeaderSearch.js';
import { QuietErrorBoundary } from './QuietErrorBoundary.js';

/** The wallet items pull in wagmi/viem: a chunk of their own, requested in the admin area only. */
const LazyHeaderWallet = lazy(() =>
  loadChunk(() => import('../wallet/HeaderWallet.js')).then((module) => ({ default: module.HeaderWallet })),
);

function LogoutButton() {
  const logout = useLogout();
  return (
    <Button variant="secondary" onClick={() => logout.mutate()} disabled={logout.isPending}>
      LOGOUT
    </Button>
  );
}

/**
 * The header (spec section 2, "Header"): the wallet items (short address, connection status, NEW
 * WALLET) on every page with a header; logout for a signed-in user; the chain switcher on paths whose
 * first segment is a chain; LOGIN when logged out. NFC-NFT LINKER and USERS (super admin only) are in
 * the console navigation under it (ConsoleNav), once. The wallet items are a chunk of their own. On a
 * phone the items fold behind a Menu button, so the header stays one line.
 */
export function Header() {
  const { pathname } = useLocation();
  const chain = chainFromPath(pathname);
  const linkChain = chain ?? DEFAULT_CHAIN;
  const { data: user, isPending } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  // The address bar's path when the menu opened. A navigation runs in a transition: the URL changes
  // at once, the page (and `pathname` here) when its chunk has loaded. A menu opened in between (just
  // after signing in, on a slow network) belongs to the new path and stays open when it renders; a
  // navigation away from it (a link in the menu, back) closes it.
  const openedOn = useRef<string | null>(null);
  useEffect(() => {
    if (pathname !== openedOn.current) setOpen(false);
  }, [pathname]);
  useEffect(() => {
    if (!open) return;
    const close = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [open]);

  return (
    <header className={open ? 'header header--open' : 'header'}>
      <div className="header__inner">
        <Link to="/" className="header__brand">
          MetaTag
        </Link>
        {chain && <ChainSwitcher chain={chain} />}
        <Button
          variant="secondary"
          className="header__menu-button"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => {
            openedOn.current = window.location.pathname;
            setOpen((value) => !value);
          }}
        >
          {open ? 'Close' : 'Menu'}
        </Button>
        <nav id={menuId} className="header__nav" aria-label="Main">
          <HeaderSearch />
          {showsHeaderWallet(pathname) && (
            <QuietErrorBoundary>
              <Suspense fallback={null}>
                <LazyHeaderWallet />
              </Suspense>
            </QuietErrorBoundary>
          )}
          <div className="header__session" data-testid="header-session">
            {user ? (
              <LogoutButton />
            ) : (
              !isPending && (
                <Link to={loginPath(linkChain)} className={buttonClassName('primary')}>
                  LOGIN
                </Link>
              )
            )}
          </div>
        </nav>
      </div>
    </header>
  );
}
