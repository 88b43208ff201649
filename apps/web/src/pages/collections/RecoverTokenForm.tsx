import { useState, type FormEvent, type ReactNode } from 'react';
import { isAddress as isViemAddress } from 'viem';
import { useAccount } from 'wagmi';
import { GENERIC_ERROR_TEXT, MAX_RECOVERY_REASON_BYTES } from '@metatag/api-types';
import { Button, TextInput, inputClassName } from '@metatag/ui';
import { HexValue } from '../../components/HexValue.js';
import { isApiError } from '../../lib/api.js';
import type { ChainName } from '../../lib/chains.js';
import { typedApi } from '../../lib/typedApi.js';
import { TxStatus } from '../../wallet/TxStatus.js';
import { ADMIN_TX, useWalletTransaction } from '../../wallet/useWalletTransaction.js';
import { isTokenUid } from '../redeem/redeem.js';
import { useMyCollections } from './collectionsApi.js';

const REASONS = ['Returned to the shop', 'Theft reported', 'Lost wallet'] as const;
const MAX_REASON_BYTES = MAX_RECOVERY_REASON_BYTES;
/** Only the collection's owner on chain can send `recover`: say which wallet to connect. */
export function NotOwnerText({ owner, chain }: { owner: string; chain: ChainName }) {
  return (
    <>
      Only the collection&apos;s owner wallet <HexValue value={owner} chain={chain} /> can send a recovery:
      connect that wallet.
    </>
  );
}

/**
 * Brand recovery (issue #32 item 1): the collection owner's wallet takes a token back, to itself (the
 * brand) or to a new address, with a reason that the chain logs and the token's public page lists.
 * Only the owner's wallet can send it, and only in a collection deployed with recovery allowed.
 */
export function RecoverTokenForm({ chain }: { chain: ChainName }) {
  const { address: wallet } = useAccount();
  const collections = useMyCollections(chain);
  const tx = useWalletTransaction(chain, ADMIN_TX);
  const [collection, setCollection] = useState('');
  const [token, setToken] = useState('');
  const [toBrand, setToBrand] = useState(true);
  const [to, setTo] = useState('');
  const [reason, setReason] = useState<string>(REASONS[0]);
  const [note, setNote] = useState('');
  const [refusal, setRefusal] = useState<ReactNode>('');
  const fullReason = note.trim() ? `${reason}: ${note.trim()}` : reason;
  const reasonBytes = new TextEncoder().encode(fullReason).length;
  const target = toBrand ? (wallet ?? '') : to.trim();
  const valid =
    isViemAddress(collection) &&
    isTokenUid(token) &&
    isViemAddress(target) &&
    reasonBytes <= MAX_REASON_BYTES;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal('');
    if (!valid) return;
    // the server checks the collection is ours and asks the chain (a simulation from the owner's
    // wallet), so a refusal is said in words before the wallet opens instead of a revert after it
    const prepared = await typedApi.call('recoverToken', {
      params: { chain },
      body: {
        collection: collection.toLowerCase(),
        tokenId: token,
        to: target.toLowerCase(),
        reason: fullReason,
      },
    });
    if (isApiError(prepared)) {
      setRefusal(prepared.errorMessage ?? GENERIC_ERROR_TEXT);
      return;
    }
    if (prepared.from !== wallet?.toLowerCase()) {
      setRefusal(<NotOwnerText owner={prepared.from} chain={chain} />);
      return;
    }
    try {
      await tx.run(async () => prepared.transaction);
    } catch {
      // Alerted and shown by the hook.
    }
  };

  return (
    <section className="recover-token" aria-labelledby="recover-token-title" data-testid="recover-token">
      <h2 id="recover-token-title" className="section-title">
        Recover a token
      </h2>
      <p className="muted">
        For a returned product, a reported theft or a lost wallet. Recorded on the chain and shown on the
        token’s page as ‘recovered by the brand’. Works on locked tokens; not on redeemed ones.
      </p>
      <form className="recover-token__form" onSubmit={(event) => void submit(event)}>
        <label>
          Collection
          <select
            className={inputClassName()}
            value={collection}
            onChange={(e) => setCollection(e.target.value)}
            data-testid="recover-collection"
          >
            <option value="">Choose…</option>
            {(collections.data ?? []).map((c) => (
              <option key={c.deployedAddress} value={c.deployedAddress}>
                {c.name} ({c.deployedAddress.slice(0, 10)}…)
              </option>
            ))}
          </select>
        </label>
        <label>
          Token ID
          <TextInput
            value={token}
            inputMode="numeric"
            invalid={token !== '' && !isTokenUid(token)}
            onChange={(e) => setToken(e.target.value.trim())}
            data-testid="recover-token-id"
          />
        </label>
        <label>
          Send to
          <select
            className={inputClassName()}
            value={toBrand ? 'brand' : 'address'}
            onChange={(e) => setToBrand(e.target.value === 'brand')}
            data-testid="recover-to-kind"
          >
            <option value="brand">the brand (this wallet)</option>
            <option value="address">a new address</option>
          </select>
        </label>
        {!toBrand && (
          <label>
            New address
            <TextInput
              value={to}
              placeholder="0x…"
              invalid={to !== '' && !isViemAddress(to.trim())}
              onChange={(e) => setTo(e.target.value)}
              data-testid="recover-to"
            />
          </label>
        )}
        <label>
          Reason
          <select
            className={inputClassName()}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            data-testid="recover-reason"
          >
            {REASONS.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        </label>
        <label>
          Note (public)
          <TextInput
            value={note}
            maxLength={MAX_REASON_BYTES}
            invalid={reasonBytes > MAX_REASON_BYTES}
            onChange={(e) => setNote(e.target.value)}
            data-testid="recover-note"
          />
        </label>
        <Button
          type="submit"
          className="recover-token__submit"
          disabled={!valid || tx.busy}
          data-testid="recover-submit"
        >
          Recover token
        </Button>
      </form>
      {refusal ? (
        <p className="mt-error-text" role="alert" data-testid="recover-refusal">
          {refusal}
        </p>
      ) : null}
      <TxStatus chain={chain} state={tx.state} label="Recovery" />
    </section>
  );
}
