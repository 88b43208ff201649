import { useEffect, useState, type ReactNode } from 'react';
import {
  addressExplorerUrl,
  marketplaceTokenUrl,
  txExplorerUrl,
  type NetworkEntry,
} from '../../lib/networks.js';
import { sameAddress, tokenStatus, type ChiplinkType } from './chipActions.js';
import type { ChiplinkLookupReply, ChiplinkTokenState } from './chipApi.js';
import { COPY_CONFIRM_MS, YOUR_WALLET } from './chipTexts.js';

function Value({ text, href, testId }: { text: string; href?: string; testId: string }) {
  return href ? (
    <a className="chip-details__value mono" href={href} target="_blank" rel="noreferrer" data-testid={testId}>
      {text}
    </a>
  ) : (
    <span className="chip-details__value mono" data-testid={testId}>
      {text}
    </span>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="chip-details__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The MetaTag ID with a copy control; 'Copied' confirms for 300 ms (spec section 9). */
function CopyId({ id }: { id: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(id);
      setCopied(true);
    } catch {
      // No clipboard permission: the id stays selectable.
    }
  };
  return (
    <>
      <span className="chip-details__value mono" data-testid="metatag-id">
        {id}
      </span>{' '}
      <button
        type="button"
        className="chip-details__copy"
        onClick={() => void copy()}
        aria-label="Copy MetaTag ID"
      >
        {copied ? 'Copied' : 'Copy'}
      </button>
    </>
  );
}

/**
 * TX hash, Owner ('(your wallet)' when it is the connected wallet), Status (chips only), Collection,
 * Token ID with its marketplace link, Chain and the MetaTag ID (spec section 2).
 */
export function ChipDetails({
  type,
  lookup,
  token,
  txHash,
  wallet,
  network,
}: {
  type: ChiplinkType;
  lookup: ChiplinkLookupReply;
  token: ChiplinkTokenState | null | undefined;
  /** The token's transaction: this visit's own mint or claim as soon as the wallet has its hash. */
  txHash: string | null;
  wallet: string | null;
  network: NetworkEntry | null | undefined;
}) {
  const collection = lookup.smartContract;
  const tokenId = token?.tokenId ?? lookup.chiplink.tokenToMint;
  const owner = token?.owner;
  return (
    <dl className="chip-details" data-testid="chip-details">
      {txHash && (
        <Row label="TX hash">
          <Value text={txHash} href={txExplorerUrl(network, txHash)} testId="chip-tx" />
        </Row>
      )}
      <Row label="Owner">
        {owner ? (
          <>
            <Value text={owner} href={addressExplorerUrl(network, owner)} testId="chip-owner" />
            {sameAddress(owner, wallet) && (
              <span className="chip-details__mine" data-testid="chip-owner-mine">
                {' '}
                {YOUR_WALLET}
              </span>
            )}
          </>
        ) : (
          <span className="chip-details__value muted" data-testid="chip-owner">
            {token === undefined ? '…' : '—'}
          </span>
        )}
      </Row>
      {type === 'chip' && (
        <Row label="Status">
          <span className="chip-details__value" data-testid="chip-status">
            {token ? tokenStatus(token.owner, token.locked, !!lookup.lifecycle?.redemption?.burned) : ''}
          </span>
        </Row>
      )}
      {collection && (
        <Row label="Collection">
          <Value text={collection} href={addressExplorerUrl(network, collection)} testId="chip-collection" />
        </Row>
      )}
      <Row label="Token ID">
        <Value
          text={tokenId}
          href={collection ? marketplaceTokenUrl(network, collection, tokenId) : undefined}
          testId="chip-token-id"
        />
      </Row>
      {lookup.limited?.parentTokenId && collection ? (
        <LimitedRows
          chain={lookup.nft.chain}
          collection={collection}
          tokenId={tokenId}
          father={lookup.limited.parentTokenId}
          connected={lookup.limited.connected}
          redeemed={!!token?.owner && token.locked}
          mine={!!token?.owner && sameAddress(token.owner, wallet)}
        />
      ) : null}
      <Row label="Chain">
        <span className="chip-details__value" data-testid="chip-chain">
          {lookup.nft.chain}
        </span>
      </Row>
      <Row label="MetaTag ID">
        <CopyId id={lookup.chiplink.id} />
      </Row>
    </dl>
  );
}

/**
 * A child token of a limited edition attached to the chip (#18): its father with the check-parent
 * link, whether the chain records the connection to a tag (ConnectedToTag, via the mint ledger), and
 * whether it was redeemed (transfers disallowed); its owner may redeem it.
 */
function LimitedRows({
  chain,
  collection,
  tokenId,
  father,
  connected,
  redeemed,
  mine,
}: {
  chain: string;
  collection: string;
  tokenId: string;
  father: string;
  connected: boolean;
  redeemed: boolean;
  mine: boolean;
}) {
  const query = `collection=${collection.toLowerCase()}&token=${tokenId}`;
  return (
    <>
      <Row label="Father">
        <a
          className="chip-details__value mono"
          href={`/${chain}/check-parent/${collection.toLowerCase()}/${father}`}
          data-testid="chip-father"
        >
          #{father}
        </a>{' '}
        <a
          className="chip-details__hint"
          href={`/${chain}/check-parent/${collection.toLowerCase()}/${father}`}
        >
          Check parent
        </a>
      </Row>
      <Row label="Connection">
        <span className="chip-details__value" data-testid="chip-connection">
          {connected
            ? 'Child token connected to this tag'
            : 'Child token attached; not connected on chain yet'}
        </span>
      </Row>
      <Row label="Redeemed">
        <span className="chip-details__value" data-testid="chip-redeemed">
          {redeemed ? 'Redeemed: untransferable' : 'No'}
        </span>
        {!redeemed && mine ? (
          <>
            {' '}
            <a
              className="chip-details__hint"
              href={`/${chain}/redeem?${query}`}
              data-testid="chip-redeem-link"
            >
              Redeem
            </a>
          </>
        ) : null}
      </Row>
    </>
  );
}
