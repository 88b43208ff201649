import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { NFC_NFT_PATH, collectionsPath, panelNftsPath, superAdminPath } from '../lib/adminPaths.js';
import { DEFAULT_CHAIN, chainFromPath } from '../lib/chains.js';
import { useCurrentUser } from '../session/useCurrentUser.js';

/**
 * The console's navigation (issue #30): the same row on every page for a signed-in user, under the
 * header, with the header's NFC-NFT LINKER and USERS links of the spec; the current page is marked. On a phone it scrolls sideways inside itself, never the page.
 */
export function ConsoleNav() {
  const { pathname } = useLocation();
  const chain = chainFromPath(pathname) ?? DEFAULT_CHAIN;
  const { data: user } = useCurrentUser();
  const nav = useRef<HTMLElement>(null);
  // On a phone the row is wider than the screen: the current page's link is scrolled into the middle
  // of it (the layout guard's 390 px shots showed NFC-NFT LINKER marked but off-screen). Only the row
  // scrolls, never the page.
  useEffect(() => {
    const row = nav.current;
    const active = row?.querySelector('.console-nav__link--active');
    if (!row || !active || row.scrollWidth <= row.clientWidth) return;
    const box = active.getBoundingClientRect();
    const frame = row.getBoundingClientRect();
    row.scrollLeft += box.left - frame.left - (frame.width - box.width) / 2;
  }, [pathname, user]);
  if (!user) return null;
  const items: [string, string][] = [
    ['Home', collectionsPath(chain)],
    ['NFT templates', panelNftsPath(chain)],
    ['Chips', `/${chain}/admin/panel/chips`],
    ['QR links', `/${chain}/admin/panel/qrs`],
    // the spec's header links (section 2, "Header"), here only: one navigation, not two
    ['NFC-NFT LINKER', NFC_NFT_PATH],
  ];
  if (user.isSuperAdmin) items.push(['USERS', superAdminPath(chain)]);
  return (
    <nav ref={nav} className="console-nav" aria-label="Console" data-testid="console-nav">
      <ul className="console-nav__list">
        {items.map(([label, to]) => (
          <li key={to}>
            <NavLink
              to={to}
              end
              className={({ isActive }) =>
                isActive ? 'console-nav__link console-nav__link--active' : 'console-nav__link'
              }
            >
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
