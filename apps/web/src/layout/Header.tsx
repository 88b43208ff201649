import { Link, useLocation } from 'react-router';
import { buttonClassName } from '@metatag/ui';
import { DEFAULT_CHAIN, chainFromPath } from '../lib/chains.js';
import { ChainSwitcher } from './ChainSwitcher.js';

/**
 * The header (spec section 2, "Header"). For now it has the chain switcher (only on paths whose first
 * segment is a chain) and the logged-out LOGIN link.
 *
 * Extension point: once the session API exists, a `useCurrentUser` hook (a TanStack query of
 * GET /json/user) decides between the LOGIN link and the logged-in items: wallet address, NEW WALLET,
 * NFC-NFT LINKER, USERS (super admin only) and logout. They belong in the `header__session` slot.
 */
export function Header() {
  const { pathname } = useLocation();
  const chain = chainFromPath(pathname);
  const loginChain = chain ?? DEFAULT_CHAIN;
  return (
    <header className="header">
      <div className="header__inner">
        <Link to="/" className="header__brand">
          MetaTag
        </Link>
        <nav className="header__nav" aria-label="Main">
          {chain && <ChainSwitcher chain={chain} />}
          <div className="header__session">
            <Link to={`/${loginChain}/admin/login`} className={buttonClassName('primary')}>
              LOGIN
            </Link>
          </div>
        </nav>
      </div>
    </header>
  );
}
