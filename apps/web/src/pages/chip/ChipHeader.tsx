import { useEffect, useRef, useState } from 'react';
import type { CollectionTemplate } from './chipApi.js';
import { shortAddress } from '../../lib/format.js';

function WalletIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M3 6.5A2.5 2.5 0 0 1 5.5 4H18a1 1 0 0 1 0 2H5.5a.5.5 0 0 0 0 1H19a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H5.5A2.5 2.5 0 0 1 3 17.5v-11ZM16.5 12a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Z"
      />
    </svg>
  );
}

/** Menu links grouped by category, in the order the admin gave them. */
function groupByCategory(
  links: CollectionTemplate['menuLinks'],
): [string, CollectionTemplate['menuLinks']][] {
  const groups = new Map<string, CollectionTemplate['menuLinks']>();
  for (const link of links) groups.set(link.category, [...(groups.get(link.category) ?? []), link]);
  return [...groups];
}

/**
 * The chip page's header (spec section 2): the collection's logo (MetaTag's by default), the wallet
 * icon with the connected wallet's short address, and a menu button with the configured links.
 */
export function ChipHeader({
  template,
  wallet,
  onWallet,
}: {
  template: CollectionTemplate;
  wallet: string | null;
  onWallet: () => void;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  const hasMenu = template.menuToggle && template.menuLinks.length > 0;
  const headerRef = useRef<HTMLElement>(null);
  // an open menu closes on Escape and on a click (or tap) anywhere outside the header
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    const onPointer = (event: PointerEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    window.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [menuOpen]);
  return (
    <header className="chip-header" ref={headerRef}>
      <div
        className="chip-header__logo"
        style={template.logoPadding ? { padding: template.logoPadding } : undefined}
      >
        {template.logoURL ? (
          <img src={template.logoURL} alt="Logo" data-testid="chip-logo" />
        ) : (
          <span className="chip-header__brand" data-testid="chip-logo">
            MetaTag
          </span>
        )}
      </div>
      <div className="chip-header__tools">
        <button
          type="button"
          className="chip-header__wallet"
          onClick={onWallet}
          title={wallet ?? undefined}
          aria-label={wallet ? `Wallet ${wallet}` : 'Wallet'}
          data-testid="chip-wallet"
        >
          <WalletIcon />
          {wallet && <span className="mono">{shortAddress(wallet)}</span>}
        </button>
        {hasMenu && (
          <button
            type="button"
            className="chip-header__menu-button"
            aria-expanded={menuOpen}
            aria-label="Menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span aria-hidden="true">☰</span>
          </button>
        )}
      </div>
      {hasMenu && menuOpen && (
        <nav className="chip-menu" aria-label="Collection menu">
          {groupByCategory(template.menuLinks).map(([category, links]) => (
            <div key={category} className="chip-menu__group">
              {category && (
                <div
                  className="chip-menu__category"
                  style={{ color: template.menuCategoryColor || undefined }}
                >
                  {category}
                </div>
              )}
              {links.map((link) => (
                <a
                  key={`${link.title}${link.href}`}
                  href={link.href}
                  className="chip-menu__link"
                  style={{ color: template.menuLinkColor || undefined }}
                  target={link.href.startsWith('/') ? undefined : '_blank'}
                  rel="noreferrer"
                >
                  {link.title || link.href}
                </a>
              ))}
            </div>
          ))}
        </nav>
      )}
    </header>
  );
}
