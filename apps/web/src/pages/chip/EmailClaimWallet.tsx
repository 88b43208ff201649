import { createContext, memo, useContext, useRef, useState } from 'react';
import type { Address, Hex } from 'viem';
import { useAccount, useConfig } from 'wagmi';
import { switchChain } from 'wagmi/actions';
import { describeChainError, REJECTED_IN_WALLET } from '../../lib/chainErrors.js';
import { CHAIN_IDS, type ChainName } from '../../lib/chains.js';
import { WalletProvider } from '../../providers/WalletProvider.js';
import {
  TransactionAbortedError,
  useWalletTransaction,
  type TxData,
} from '../../wallet/useWalletTransaction.js';
import { redeemEmailClaim } from './emailClaim.js';
import { WalletModal } from './WalletModal.js';

const CANNOT = 'We cannot mint right now.';

export interface EmailClaimWalletProps {
  /** The email link's one-time token. */
  token: string;
  chain: ChainName;
  onClaimed: (claimed: { tokenId: string; owner: string }) => void;
}

/**
 * The email claim of a template whose visitor pays (issue #29 item 3, decision 110): the visitor
 * connects a wallet on the link's page and sends the voucher the link answers for that wallet. A
 * chip's page cannot finish it later (its voucher needs a fresh tap), so the voucher is sent from here,
 * for a link as for a chip. The voucher is kept for a retry: the link itself is spent by the first ask.
 * A chunk of its own (wagmi and the wallet modal), loaded only for such a link.
 */
function EmailClaimWalletActions({ token, chain, onClaimed }: EmailClaimWalletProps) {
  const config = useConfig();
  const account = useAccount();
  const [modalOpen, setModalOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const tx = useWalletTransaction(chain, { notify: setError });
  const voucher = useRef<{ to: string; tokenId: string; call: TxData } | null>(null);
  const address = account.status === 'connected' && account.address ? account.address.toLowerCase() : null;

  const claim = async () => {
    if (!address) return;
    setBusy(true);
    setError(null);
    try {
      if (account.chainId !== CHAIN_IDS[chain])
        await switchChain(config, { chainId: CHAIN_IDS[chain] }).catch(() => undefined);
      let tokenId = '';
      await tx.run(async () => {
        if (voucher.current?.to !== address) {
          const reply = await redeemEmailClaim(token, address);
          if (!reply.ok) throw new Error(reply.errorMessage === 'cannot mint' ? CANNOT : reply.errorMessage);
          if (!('data' in reply)) throw new Error(CANNOT);
          voucher.current = {
            to: address,
            tokenId: reply.tokenid,
            call: { to: reply.nft.collection as Address, data: reply.data as Hex, value: reply.value },
          };
        }
        tokenId = voucher.current.tokenId;
        return voucher.current.call;
      });
      onClaimed({ tokenId, owner: address });
    } catch (failure) {
      if (!(failure instanceof TransactionAbortedError) || failure.message !== REJECTED_IN_WALLET)
        setError(failure instanceof Error && failure.message ? failure.message : describeChainError(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="email-claim" data-testid="email-claim-wallet">
      {address ? (
        <>
          <p className="email-claim__hint">
            Your wallet:{' '}
            <span className="mono" data-testid="email-claim-wallet-address" title={address}>
              {`${address.slice(0, 6)}…${address.slice(-4)}`}
            </span>
          </p>
          <button type="button" className="chip-button" disabled={busy} onClick={() => void claim()}>
            {busy ? 'Claiming…' : 'Claim with my wallet'}
          </button>
        </>
      ) : (
        <button type="button" className="chip-button" onClick={() => setModalOpen(true)}>
          Connect Wallet
        </button>
      )}
      {error && (
        <p className="chip-notice chip-notice--error" role="alert" data-testid="email-claim-error">
          {error}
        </p>
      )}
      {modalOpen && !address && (
        <WalletModal
          chain={chain}
          pageUrl={window.location.href}
          onClose={() => setModalOpen(false)}
          onError={setError}
        />
      )}
    </div>
  );
}

const PropsContext = createContext<EmailClaimWalletProps | null>(null);

function FromContext() {
  const props = useContext(PropsContext);
  return props ? <EmailClaimWalletActions {...props} /> : null;
}

/** wagmi's provider must not re-render with the page (ChipWallet.tsx says why): props go by context. */
const StableWalletProvider = memo(function StableWalletProvider() {
  return (
    <WalletProvider>
      <FromContext />
    </WalletProvider>
  );
});

export function EmailClaimWallet(props: EmailClaimWalletProps) {
  return (
    <PropsContext.Provider value={props}>
      <StableWalletProvider />
    </PropsContext.Provider>
  );
}
