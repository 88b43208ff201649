import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { RouteReply } from '@metatag/api-types';
import { HexValue } from '../../components/HexValue.js';
import { unwrap } from '../../lib/api.js';
import { marketplaceTokenUrl, useNetwork } from '../../lib/networks.js';
import { typedApi } from '../../lib/typedApi.js';
import { useChain } from '../../lib/useChain.js';
import {
  checkParentPath,
  childMarketplaceUrl,
  REDEEMED,
  shortTokenId,
  tokenMetadataPath,
  TRANSFERABLE,
} from './checkParent.js';
import './checkParent.css';

type Reply = RouteReply<'checkParent'>;
type Token = Reply['children'][number];

/**
 * `/{chain}/check-parent/{collection}/{token}` (spec sections 2 and 6, issue #18 item 3), public: a
 * parent token's limit, minted and available children and owner, and its children with their owners,
 * from the chain index (the numbers are those of the block it names).
 */
export function CheckParentPage() {
  const chain = useChain();
  const { collection = '', token = '' } = useParams();
  const { data: network } = useNetwork(chain);
  const { data, isPending, isError, error } = useQuery({
    queryKey: ['check-parent', chain, collection.toLowerCase(), token],
    queryFn: async ({ signal }) =>
      unwrap(await typedApi.call('checkParent', { params: { chain, collection, token } }, { signal })),
    staleTime: 0,
    refetchInterval: 2_500,
  });

  return (
    <section className="check-parent" aria-labelledby="check-parent-title">
      <h1 id="check-parent-title" className="page-title">
        Check available items
      </h1>
      <p className="check-parent__subject" title={`${collection} #${token}`}>
        <HexValue value={collection.toLowerCase()} chain={chain} testId="cp-collection" />{' '}
        <span className="check-parent__hash mono">#{shortTokenId(token)}</span>
      </p>
      {isPending ? (
        <p className="muted">Loading…</p>
      ) : isError ? (
        <p className="mt-error-text" role="alert" data-testid="check-parent-error">
          {error instanceof Error ? error.message : 'server error'}
        </p>
      ) : !data.parent ? (
        <p data-testid="check-parent-none">This token is not indexed (yet) on {chain}.</p>
      ) : (
        <>
          {data.childOf ? (
            <p className="check-parent__child-of" data-testid="cp-child-of">
              #{shortTokenId(data.childOf.tokenId)} is a child of father{' '}
              <Link
                to={checkParentPath(chain, data.collection, data.childOf.father)}
                className="mono"
                title={data.childOf.father}
                data-testid="cp-father-link"
              >
                #{shortTokenId(data.childOf.father)}
              </Link>
              ; the numbers below are the father's.
            </p>
          ) : null}
          <dl className="check-parent__numbers" data-testid="check-parent-numbers">
            <Numbers label="Limit" value={data.parent.limit} testId="cp-limit" />
            <Numbers label="Minted" value={String(data.minted)} testId="cp-minted" />
            <Numbers label="Available" value={data.available} testId="cp-available" />
          </dl>
          <dl className="check-parent__facts">
            <dt>Owner</dt>
            <dd data-testid="cp-owner" data-value={data.parent.owner ?? ''}>
              {data.parent.owner ? <HexValue value={data.parent.owner} chain={chain} /> : 'nobody (burned)'}
            </dd>
            <dt>Status</dt>
            <dd data-testid="cp-parent-status">{data.parent.locked ? REDEEMED : TRANSFERABLE}</dd>
            <dt>Token</dt>
            <dd>
              <TokenLinks
                chain={chain}
                collection={data.collection}
                token={data.parent}
                market={marketplaceTokenUrl(network, data.collection, data.parent.tokenId)}
              />
            </dd>
          </dl>
          <h2 className="check-parent__heading">Children ({data.children.length})</h2>
          {data.children.length === 0 ? (
            <p className="muted">No children minted yet.</p>
          ) : (
            <ol className="check-parent__children" data-testid="cp-children">
              {data.children.map((child) => (
                <li key={child.tokenId} className="check-parent__child" data-testid="cp-child">
                  <span className="check-parent__id mono" title={child.tokenId} data-testid="cp-child-id">
                    #{shortTokenId(child.tokenId)}
                  </span>
                  <span
                    className="check-parent__owner"
                    data-testid="cp-child-owner"
                    data-value={child.owner ?? ''}
                  >
                    {child.owner ? <HexValue value={child.owner} chain={chain} /> : 'burned'}
                  </span>
                  <span
                    className={
                      child.locked ? 'check-parent__badge check-parent__badge--locked' : 'check-parent__badge'
                    }
                    data-testid="cp-child-status"
                  >
                    {child.locked ? REDEEMED : TRANSFERABLE}
                  </span>
                  {child.connectedToTag ? (
                    <span className="check-parent__badge" data-testid="cp-child-tag">
                      Connected to a tag
                    </span>
                  ) : null}
                  <TokenLinks
                    chain={chain}
                    collection={data.collection}
                    token={child}
                    market={childMarketplaceUrl(chain, data.collection, child.tokenId)}
                  />
                </li>
              ))}
            </ol>
          )}
          <p className="muted check-parent__block" data-testid="cp-block">
            From the chain index{data.indexedBlock ? ` as of block ${data.indexedBlock}` : ''}.
          </p>
        </>
      )}
    </section>
  );
}

function Numbers({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="check-parent__number">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

function TokenLinks({
  chain,
  collection,
  token,
  market,
}: {
  chain: string;
  collection: string;
  token: Token;
  market: string | undefined;
}) {
  return (
    <span className="check-parent__links">
      {token.chipId ? (
        <Link to={`/tag/${token.chipId}`} data-testid="cp-chip-link">
          Chip page
        </Link>
      ) : null}
      <a href={tokenMetadataPath(chain, collection, token.tokenId)} target="_blank" rel="noreferrer">
        Token
      </a>
      {market ? (
        <a href={market} target="_blank" rel="noreferrer" data-testid="cp-market-link">
          Marketplace
        </a>
      ) : null}
    </span>
  );
}
