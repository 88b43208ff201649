import { useLocation, useNavigate } from 'react-router';
import { Button } from '@metatag/ui';
import { nextChain, rewriteChainInPath, type ChainName } from '../lib/chains.js';

/**
 * Shows the current chain; a click moves to the next chain (spec section 2) by rewriting the first
 * path segment, keeping the rest of the path, the query string and the hash.
 */
export function ChainSwitcher({ chain }: { chain: ChainName }) {
  const location = useLocation();
  const navigate = useNavigate();
  const next = nextChain(chain, window.location.hostname);
  return (
    <Button
      variant="secondary"
      className="chain-switcher"
      data-testid="chain-switcher"
      title={`Switch to ${next}`}
      // the router's navigate settles when the next page has rendered; nothing waits for it here
      onClick={() =>
        void navigate(rewriteChainInPath(location.pathname + location.search + location.hash, next))
      }
    >
      <span className="chain-switcher__dot" aria-hidden="true" data-chain={chain} />
      {chain}
    </Button>
  );
}
