/** The element ids of the super-admin page's groups (the tab bar's targets). */
export const SUPER_ADMIN_GROUPS = {
  users: 'super-admin-users',
  contracts: 'super-admin-contracts',
  chain: 'super-admin-chain',
} as const;

const TABS: { label: string; id: string }[] = [
  { label: 'Users', id: SUPER_ADMIN_GROUPS.users },
  { label: 'Chain', id: SUPER_ADMIN_GROUPS.chain },
  { label: 'Contracts', id: SUPER_ADMIN_GROUPS.contracts },
];

/**
 * The super-admin page's tab bar (issue #30): links to its groups instead of one long column to
 * scroll. Plain in-page links (no state to keep in sync, the browser's back button works), sticky so
 * the groups stay one tap away while scrolling.
 */
export function SuperAdminTabs() {
  return (
    <nav className="super-admin__tabs" aria-label="Super-admin tools">
      {TABS.map((tab) => (
        <a key={tab.id} className="super-admin__tab" href={`#${tab.id}`}>
          {tab.label}
        </a>
      ))}
    </nav>
  );
}
