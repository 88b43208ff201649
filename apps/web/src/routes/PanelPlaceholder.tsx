import { Link } from 'react-router';
import { panelNftsPath } from '../lib/adminPaths.js';
import { useChain } from '../lib/useChain.js';
import { RequireUser } from '../session/RequireUser.js';

const TITLES = { chips: 'Chips', qrs: 'QR links' } as const;

/**
 * `/{chain}/admin/panel/chips` and `/panel/qrs`: placeholders in the spec (section 2). Chips and QR
 * links belong to an NFT template, so the placeholder says where they are managed (issue #30: it was
 * '404 not found yet').
 */
export function PanelPlaceholder({ kind }: { kind: keyof typeof TITLES }) {
  const chain = useChain();
  return (
    <RequireUser>
      <section className="panel-placeholder" data-testid={`panel-${kind}`} aria-labelledby="panel-title">
        <h1 id="panel-title" className="page-title">
          {TITLES[kind]}
        </h1>
        <p className="empty-state">
          {TITLES[kind]} belong to an NFT template. Open one in{' '}
          <Link to={panelNftsPath(chain)}>NFT templates</Link> to create, list and export them.
        </p>
      </section>
    </RequireUser>
  );
}
