import type { ChainName } from '../../lib/chains.js';
import { formatDate, shortAddress } from '../../lib/format.js';
import { txExplorerUrl, useNetwork } from '../../lib/networks.js';
import { NOT_MINTED, NO_DATA } from '../../lib/texts.js';
import { useMints } from './nftsApi.js';

/**
 * The mints of a template (spec sections 2-4): polled every 2500 ms while shown; 'No data yet' while
 * there is no answer, "This NFT didn't minted yet" when there are none.
 */
export function MintsList({ chain, nftId }: { chain: ChainName; nftId: number }) {
  const mints = useMints(chain, nftId);
  const { data: network } = useNetwork(chain);
  if (!mints.data) {
    return (
      <p className="muted" data-testid="mints-empty" title={mints.error?.message}>
        {NO_DATA}
      </p>
    );
  }
  if (mints.data.length === 0) {
    return (
      <p className="muted" data-testid="mints-empty">
        {NOT_MINTED}
      </p>
    );
  }
  return (
    <div className="table-scroll">
      <table className="data-table mints-table" aria-label={`Mints of NFT ${nftId}`}>
        <thead>
          <tr>
            <th scope="col">tokenId</th>
            <th scope="col">to</th>
            <th scope="col">created</th>
            <th scope="col">status</th>
            <th scope="col">tx</th>
          </tr>
        </thead>
        <tbody>
          {mints.data.map((mint) => {
            const href = mint.tx ? txExplorerUrl(network, mint.tx) : undefined;
            return (
              <tr key={`${mint.tokenId}-${mint.created}`}>
                <td className="mono">{mint.tokenId}</td>
                <td className="mono" title={mint.to}>
                  {shortAddress(mint.to)}
                </td>
                <td className="nowrap">{formatDate(mint.created)}</td>
                <td>{mint.status}</td>
                <td className="mono">
                  {!mint.tx ? (
                    '-'
                  ) : href ? (
                    <a href={href} target="_blank" rel="noreferrer" title={mint.tx}>
                      {shortAddress(mint.tx)}
                    </a>
                  ) : (
                    <span title={mint.tx}>{shortAddress(mint.tx)}</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
