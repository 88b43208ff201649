import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { encodeFunctionData, type Address } from 'viem';
import { useAccount, useConfig } from 'wagmi';
import { connect, readContract } from 'wagmi/actions';
import { Button, TextInput } from '@metatag/ui';
import { LIFECYCLE_ABI, LOCK_ABI, TOKEN_STATE_ABI } from '../../lib/abiFragments.js';
import { isApiError } from '../../lib/api.js';
import { typedApi } from '../../lib/typedApi.js';
import { lookupQuery } from '../chip/chipApi.js';
import { redemptionOffer } from '../chip/lifecycle.js';
import { describeChainError } from '../../lib/chainErrors.js';
import { CHAIN_IDS } from '../../lib/chains.js';
import { useChain } from '../../lib/useChain.js';
import { isAddress, sanitizeAddressInput } from '../../lib/validation.js';
import { WalletBoundary } from '../../providers/WalletBoundary.js';
import { builtInWalletStore } from '../../providers/wagmiConfig.js';
import { ConfirmPanel } from '../superAdmin/ConfirmPanel.js';
import { findLoginConnector } from '../../wallet/walletLogin.js';
import { TxStatus } from '../../wallet/TxStatus.js';
import { useWalletTransaction } from '../../wallet/useWalletTransaction.js';
import {
  BURN_WARNING,
  BURNED_TEXT,
  isTokenUid,
  LOCK_FOREVER_WARNING,
  NOT_OWNER_TEXT,
  REDEEM_WARNING,
  REDEEMED_TEXT,
  reportUntilTold,
} from './redeem.js';
import './redeem.css';

/**
 * `/{chain}/redeem` (spec section 2, issue #18 item 4): the token's owner redeems it with the browser
 * wallet (`disallowTokenTransfers`, ERC-5192 Locked), after a warning and a confirmation. `?collection=`
 * and `?token=` fill the form. With `?chip=&type=` (the chip page's 'Redeem this token', issue #32 item 5)
 * the chip's template's redemption is offered instead: `redeem(tokenId, burn)` (burned or locked for
 * good, once per token on chain), then the page reports the transaction so the shop is told.
 */
export function RedeemPage() {
  return (
    <WalletBoundary>
      <Redeem />
    </WalletBoundary>
  );
}

function Redeem() {
  const chain = useChain();
  const chainId = CHAIN_IDS[chain];
  const config = useConfig();
  const queryClient = useQueryClient();
  const { address: wallet, status } = useAccount();
  const [params] = useSearchParams();
  const [collection, setCollection] = useState(sanitizeAddressInput(params.get('collection') ?? ''));
  const [token, setToken] = useState((params.get('token') ?? '').trim());
  const [confirming, setConfirming] = useState(false);
  const [connectError, setConnectError] = useState('');
  const tx = useWalletTransaction(chain, { notify: () => undefined });
  const ready = isAddress(collection) && isTokenUid(token);
  const chipId = params.get('chip') ?? '';
  const chipType = params.get('type') === 'link' ? 'link' : 'chip';
  const chip = useQuery({ ...lookupQuery(chipType, chipId), enabled: chipId !== '' });
  const offer = chip.data?.nft.redemption ?? null;
  const [reported, setReported] = useState('');
  // the report's follow-up of a notice under way stops when the page goes
  const following = useRef<AbortController | null>(null);
  useEffect(() => () => following.current?.abort(), []);

  const state = useQuery({
    queryKey: ['redeem-token', chain, collection, token],
    enabled: ready,
    retry: false,
    staleTime: 0,
    queryFn: async () => {
      const address = collection as Address;
      try {
        const [owner, locked] = await Promise.all([
          readContract(config, {
            chainId,
            address,
            abi: TOKEN_STATE_ABI,
            functionName: 'ownerOf',
            args: [BigInt(token)],
          }),
          readContract(config, {
            chainId,
            address,
            abi: TOKEN_STATE_ABI,
            functionName: 'locked',
            args: [BigInt(token)],
          }),
        ]);
        return { owner: owner.toLowerCase(), locked, burned: false, error: '' };
      } catch (error) {
        // a token burned to redeem it has no owner any more: the collection remembers the redemption, and
        // the page says so rather than 'does not exist' (a collection without `redeemed` keeps the error)
        const burned = await readContract(config, {
          chainId,
          address,
          abi: TOKEN_STATE_ABI,
          functionName: 'redeemed',
          args: [BigInt(token)],
        }).catch(() => false);
        if (burned) return { owner: '', locked: false, burned: true, error: '' };
        return { owner: '', locked: false, burned: false, error: describeChainError(error) };
      }
    },
  });

  useEffect(() => {
    setConfirming(false);
    tx.reset();
    // a new token is a new question
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [collection, token]);

  const connectWallet = async () => {
    setConnectError('');
    const connector = await findLoginConnector(config, builtInWalletStore.hasPrivateKey());
    if (!connector) {
      setConnectError(
        "To perform this action you must have a browser wallet installed. On mobile, you must open this webpage in the wallet's browser.",
      );
      return;
    }
    try {
      await connect(config, { connector, chainId });
    } catch (error) {
      setConnectError(describeChainError(error));
    }
  };

  const redeem = async () => {
    setConfirming(false);
    setReported('');
    try {
      const mined = await tx.run(async () => ({
        to: collection,
        data: offer
          ? encodeFunctionData({
              abi: LIFECYCLE_ABI,
              functionName: 'redeem',
              args: [BigInt(token), offer.mode === 'burn'],
            })
          : encodeFunctionData({
              abi: LOCK_ABI,
              functionName: 'disallowTokenTransfers',
              args: [BigInt(token)],
            }),
      }));
      if (offer) {
        // the chain has it; the report lets the server read the receipt and tell the shop (once)
        following.current?.abort();
        const follow = new AbortController();
        following.current = follow;
        const line = await reportUntilTold(
          async () => {
            const reply = await typedApi.call('reportRedemption', {
              body: { id: chipId, type: chipType, txHash: mined.transactionHash },
            });
            return isApiError(reply) ? (reply.errorMessage ?? 'server error') : reply.redemption;
          },
          { signal: follow.signal },
        );
        if (!follow.signal.aborted) setReported(line);
      }
      await queryClient.invalidateQueries({ queryKey: ['redeem-token', chain, collection, token] });
    } catch {
      // the reason is in tx.state.error, shown below
    }
  };

  const info = state.data;
  const isOwner = !!info?.owner && !!wallet && info.owner === wallet.toLowerCase();
  const redeemed = info?.locked === true || info?.burned === true || reported !== '';
  const warning = offer ? (offer.mode === 'burn' ? BURN_WARNING : LOCK_FOREVER_WARNING) : REDEEM_WARNING;

  return (
    <section className="redeem" aria-labelledby="redeem-title">
      <h1 id="redeem-title" className="page-title">
        Redeem
      </h1>
      {offer ? (
        <p className="redeem__offer" data-testid="redeem-offer">
          {redemptionOffer(offer)}
        </p>
      ) : null}
      <p className="redeem__warning" role="note" data-testid="redeem-warning">
        {warning}
      </p>
      <div className="redeem__form">
        <label className="redeem__field">
          <span>Smart contract</span>
          <TextInput
            value={collection}
            maxLength={42}
            placeholder="0x…"
            invalid={collection !== '' && !isAddress(collection)}
            onChange={(event) => setCollection(sanitizeAddressInput(event.target.value))}
            data-testid="redeem-collection"
          />
        </label>
        <label className="redeem__field">
          <span>Token UID</span>
          <TextInput
            value={token}
            inputMode="numeric"
            invalid={token !== '' && !isTokenUid(token)}
            onChange={(event) => setToken(event.target.value.trim())}
            data-testid="redeem-token"
          />
        </label>
      </div>

      {ready && info ? (
        <dl className="redeem__state" data-testid="redeem-state">
          {info.error ? (
            <>
              <dt>Token</dt>
              <dd className="mt-error-text">{info.error}</dd>
            </>
          ) : info.burned ? (
            <>
              <dt>Status</dt>
              <dd data-testid="redeem-status">{BURNED_TEXT}</dd>
            </>
          ) : (
            <>
              <dt>Owner</dt>
              <dd className="mono">
                {info.owner}
                {isOwner ? ' (your wallet)' : ''}
              </dd>
              <dt>Status</dt>
              <dd data-testid="redeem-status">{redeemed ? REDEEMED_TEXT : 'Transferable'}</dd>
            </>
          )}
        </dl>
      ) : null}

      {status !== 'connected' ? (
        <div className="redeem__actions">
          <Button onClick={() => void connectWallet()} data-testid="redeem-connect">
            Connect Wallet
          </Button>
          {connectError ? <p className="mt-error-text">{connectError}</p> : null}
        </div>
      ) : confirming ? (
        <ConfirmPanel
          title={`Redeem token ${token}?`}
          confirmLabel="Yes, redeem"
          onConfirm={() => void redeem()}
          onCancel={() => setConfirming(false)}
        >
          <p>{warning}</p>
        </ConfirmPanel>
      ) : (
        <div className="redeem__actions">
          <Button
            onClick={() => setConfirming(true)}
            disabled={!ready || !info || !!info.error || redeemed || !isOwner || tx.busy}
            data-testid="redeem-submit"
          >
            Redeem
          </Button>
          {ready && info && !info.error && !redeemed && !isOwner ? (
            <p className="muted" data-testid="redeem-not-owner">
              {NOT_OWNER_TEXT}
            </p>
          ) : null}
        </div>
      )}
      <TxStatus chain={chain} state={tx.state} label="Redeem transaction" />
      {tx.state.step === 'done' && offer ? (
        <p data-testid="redeem-done">
          {reported || 'Redeemed. Telling the shop…'}{' '}
          <Link to={`/${chipType === 'link' ? 'link' : 'tag'}/${encodeURIComponent(chipId)}`}>
            Back to the token
          </Link>
        </p>
      ) : tx.state.step === 'done' ? (
        <p data-testid="redeem-done">
          {REDEEMED_TEXT} <Link to={`/${chain}/check-parent/${collection}/${token}`}>Check parent</Link>
        </p>
      ) : null}
    </section>
  );
}
