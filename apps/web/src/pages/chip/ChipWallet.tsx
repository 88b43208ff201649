import { createContext, memo, useCallback, useContext, useEffect, useState } from 'react';
import { encodeFunctionData, type Address, type Hex } from 'viem';
import { LOCK_ABI } from '../../lib/abiFragments.js';
import { useAccount, useConfig } from 'wagmi';
import { signMessage, switchChain } from 'wagmi/actions';
import { lockMessage } from '@metatag/api-types';
import { isApiError } from '../../lib/api.js';
import { CHAIN_IDS, type ChainName } from '../../lib/chains.js';
import { WalletProvider } from '../../providers/WalletProvider.js';
import { describeChainError, REJECTED_IN_WALLET } from '../../lib/chainErrors.js';
import {
  TransactionAbortedError,
  useWalletTransaction,
  type TxState,
} from '../../wallet/useWalletTransaction.js';
import { ActionButtons } from './ActionButtons.js';
import { chipActions, sameAddress, soldOut, type AuthState, type ChiplinkType } from './chipActions.js';
import {
  fetchMintData,
  postRelayConfirmation,
  postToggleLock,
  type ChiplinkLookupReply,
  type ChiplinkTokenState,
} from './chipApi.js';
import { affordability, mintValue } from './affordability.js';
import { notEnoughEth, ONLY_OWNER_CAN_LOCK, SOLD_OUT } from './chipTexts.js';
import { ownerPaysGas, postGaslessClaim, waitForOwner } from './gaslessClaim.js';
import { MintPrice } from './MintPrice.js';
import { formatEthUp, MintFailure, mintFailureText, refusalText, unknownFailureText } from './mintFailure.js';
import { PendingRelayAction } from './PendingRelayAction.js';
import { PhaseStanding } from './PhaseStanding.js';
import { ResaleActions } from './ResaleActions.js';
import type { PendingRelay } from './pendingRelay.js';
import { useToast } from './Toasts.js';
import { WalletModal } from './WalletModal.js';

export interface ChipWalletProps {
  type: ChiplinkType;
  lookup: ChiplinkLookupReply;
  chain: ChainName;
  token: ChiplinkTokenState | null | undefined;
  auth: AuthState;
  /** The scan token of this visit's chip authentication. */
  jwt: string | null;
  /** Increments each time the visitor asks to connect (Connect Wallet, the header's wallet icon). */
  connectRequest: number;
  /** The page's address for the wallet apps' deep links (with the continuation credential, if any). */
  pageUrl: () => string;
  onAccount: (address: string | null) => void;
  /** The hash of this visit's mint or claim, as soon as the wallet returns it. */
  onTransaction: (hash: string) => void;
  /** Re-reads the token after a transaction. */
  onChanged: () => Promise<void>;
  /** This tap's pending NFC-NFT transaction: the wallet sends it to the TagRelayer. */
  pending?: PendingRelay | null;
}

/** Where this visit's transaction is, in a line under the buttons (the details keep their one Status row). */
const PROGRESS: Record<TxState['step'], string> = {
  idle: '',
  preparing: 'Preparing the transaction…',
  signing: 'Waiting for the wallet…',
  mining: 'Waiting for the receipt…',
  done: 'Confirmed',
  failed: '',
};

/**
 * The wallet half of the chip page, a chunk of its own: wagmi, the wallet modal, and the mint, claim
 * and lock transactions (spec section 4). The voucher comes from `get-mint-data`; the visitor's
 * wallet sends it to the collection with the template's price.
 */
function ChipWalletActions(props: ChipWalletProps) {
  const {
    type,
    lookup,
    chain,
    token,
    auth,
    jwt,
    connectRequest,
    pageUrl,
    onAccount,
    onTransaction,
    onChanged,
    pending,
  } = props;
  const config = useConfig();
  const account = useAccount();
  const notify = useToast();
  const notifyError = useCallback((message: string) => notify(message, 'error'), [notify]);
  const tx = useWalletTransaction(chain, { notify: notifyError });
  const [modalOpen, setModalOpen] = useState(false);
  const [working, setWorking] = useState(false);
  /**
   * Why a mint or claim of this visit failed (#30: one text per cause; the spec's section 8 text only
   * for a cause nobody can name); null while none failed.
   */
  const [mintFailure, setMintFailure] = useState<string | null>(null);
  const mintFailed = mintFailure !== null;
  /** The hash of this visit's relay of the pending transaction, once its receipt is in and reported. */
  const [relayed, setRelayed] = useState<string | null>(null);
  const address = account.status === 'connected' && account.address ? account.address : null;
  const chainId = CHAIN_IDS[chain];
  const id = lookup.chiplink.id;
  const tokenId = token?.tokenId ?? lookup.chiplink.tokenToMint;

  useEffect(() => onAccount(address), [address, onAccount]);
  useEffect(() => {
    if (connectRequest > 0 && !address) setModalOpen(true);
  }, [connectRequest, address]);

  /** A wallet on another chain is asked to switch; if it cannot, the transaction says why. */
  const ensureChain = async () => {
    if (account.chainId === chainId) return;
    try {
      await switchChain(config, { chainId });
    } catch {
      // useWalletTransaction refuses with 'Your wallet is not in the {chain} chain.'
    }
  };

  const run = async (work: () => Promise<void>) => {
    setWorking(true);
    try {
      await ensureChain();
      await work();
    } catch (error) {
      if (!(error instanceof TransactionAbortedError)) notifyError(describeChainError(error));
    } finally {
      setWorking(false);
      await onChanged();
    }
  };

  /**
   * The owner pays the gas (issue #29): the relayer mints to the connected address after this visit's
   * verified tap; nothing is signed or sent from the visitor's wallet.
   */
  const claimGasless = async () => {
    if (!address) return;
    setWorking(true);
    try {
      const reply = await postGaslessClaim({ id, to: address, authtoken: jwt });
      // the owner's empty balance (402) answers the spec's failure text, as a gasless claim's refusal;
      // a named refusal (two taps, a phase, #32) or a link claimed by another wallet (409, #28) says why
      if (!reply.ok)
        throw new MintFailure(
          reply.reason || ('httpStatus' in reply && reply.httpStatus === 409)
            ? refusalText(
                type,
                { ...reply, status: 'httpStatus' in reply ? reply.httpStatus : undefined },
                lookup.nft.claimPhases,
              )
            : unknownFailureText(type),
        );
      const minted = await waitForOwner(type, id, address);
      if (!minted) throw new MintFailure(unknownFailureText(type));
      const hash = minted.txHash ?? reply.tx;
      if (hash) onTransaction(hash);
      notify('Confirmed', 'success');
    } catch (error) {
      const text = error instanceof MintFailure ? error.message : unknownFailureText(type);
      setMintFailure(text);
      notifyError(text);
    } finally {
      setWorking(false);
      await onChanged();
    }
  };

  const mint = (isTransfer: boolean) =>
    !isTransfer && ownerPaysGas(lookup.nft)
      ? claimGasless()
      : run(async () => {
          if (!address) return;
          let missing: bigint | undefined;
          try {
            const receipt = await tx.run(
              async () => {
                // before a voucher is asked for (#30): a link's voucher binds the link to this wallet
                // and holds one of the template's places, so a wallet that cannot pay or a template
                // that is sold out must not get one. The gas is the mint's budget (no call to estimate yet).
                if (!isTransfer && soldOut(lookup.nft)) throw new MintFailure(SOLD_OUT);
                const value = isTransfer ? 0n : mintValue(lookup.nft.price, lookup.nft.payoutAddress);
                const before = await affordability(config, {
                  chainId,
                  account: address as Address,
                  value,
                }).catch((error: unknown) => {
                  throw new MintFailure(mintFailureText(error, type));
                });
                missing = before.missing;
                if (before.missing > 0n) throw new MintFailure(notEnoughEth(formatEthUp(before.missing)));
                const reply = await fetchMintData({ id, to: address, authtoken: jwt, isTransfer });
                if (!reply.ok) throw new MintFailure(refusalText(type, reply, lookup.nft.claimPhases));
                const call = { to: reply.nft.collection as Address, data: reply.data as Hex };
                // before the wallet is asked: can it pay the price and the gas? (#30)
                const funds = await affordability(config, {
                  chainId,
                  account: address as Address,
                  value: BigInt(reply.value),
                  call,
                }).catch((error: unknown) => {
                  throw new MintFailure(mintFailureText(error, type));
                });
                missing = funds.missing;
                if (funds.missing > 0n) throw new MintFailure(notEnoughEth(formatEthUp(funds.missing)));
                return { ...call, value: reply.value };
              },
              { describeError: (error) => mintFailureText(error, type, { missing }) },
            );
            onTransaction(receipt.transactionHash);
            notify('Confirmed', 'success');
          } catch (error) {
            // asking again would fail again (a spent voucher or scan): a new scan is needed. A rejection
            // in the wallet is the visitor's own choice and may be retried.
            if (!(error instanceof TransactionAbortedError) || error.message !== REJECTED_IN_WALLET)
              setMintFailure(
                error instanceof Error && error.message ? error.message : mintFailureText(error, type),
              );
            throw error;
          }
        });

  const toggleLock = (newStatus: boolean) =>
    run(async () => {
      if (!address || !sameAddress(token?.owner, address)) {
        notifyError(ONLY_OWNER_CAN_LOCK);
        return;
      }
      await tx.run(
        async () => ({
          to: lookup.smartContract,
          data: encodeFunctionData({
            abi: LOCK_ABI,
            functionName: newStatus ? 'disallowTokenTransfers' : 'allowTokenTransfers',
            args: [BigInt(tokenId)],
          }),
        }),
        // the collection's NotTokenOwner is the spec's text here (a page that has not seen a new owner yet)
        { errorTexts: { NotTokenOwner: ONLY_OWNER_CAN_LOCK } },
      );
      const timestamp = Date.now();
      const signature = await signMessage(config, {
        account: address as Address,
        message: lockMessage(id, newStatus, timestamp),
      });
      const reply = await postToggleLock({
        id,
        newStatus,
        address: address.toLowerCase(),
        signature,
        timestamp,
      });
      if (isApiError(reply)) notifyError(reply.errorMessage ?? ONLY_OWNER_CAN_LOCK);
    });

  const allActions = chipActions({
    type,
    auth,
    wallet: address,
    owner: token === null ? undefined : token?.owner,
    locked: token?.locked ?? false,
    price: lookup.nft.price,
    payoutAddress: lookup.nft.payoutAddress,
    multiMint: type === 'chip' ? lookup.nft.isMultiMintEnabledchip : lookup.nft.isMultiMintEnabledlink,
    mintFailed,
    soldOut: soldOut(lookup.nft),
    burned: !!lookup.lifecycle?.redemption?.burned,
  });
  // a resale template's claim waits for the owner's veto (issue #32 item 2): ResaleActions asks for it
  const actions = lookup.nft.resale ? allActions.filter((action) => action.kind !== 'claim') : allActions;
  const progress = PROGRESS[tx.state.step];

  const relay = () =>
    run(async () => {
      if (!address || !pending) return;
      const receipt = await tx.run(async () => ({
        to: pending.relayer,
        data: pending.relayData,
        value: pending.value,
      }));
      // the server clears the pending transaction after reading this receipt itself; a report that
      // fails changes nothing on chain, so the visitor still gets the result
      await postRelayConfirmation(id, receipt.transactionHash).catch(() => undefined);
      setRelayed(receipt.transactionHash);
      notify('Confirmed', 'success');
    });

  return (
    <>
      {pending && (
        <PendingRelayAction
          pending={pending}
          tag={id}
          scanToken={jwt}
          connected={!!address}
          busy={working || tx.busy}
          tx={tx.state}
          relayed={relayed}
          chain={chain}
          onSend={() => void relay()}
        />
      )}
      <ActionButtons
        actions={actions}
        busy={working || tx.busy}
        handlers={{
          connect: () => setModalOpen(true),
          mint: () => void mint(false),
          claim: () => void mint(true),
          lock: () => void toggleLock(true),
          unlock: () => void toggleLock(false),
        }}
      />
      {type === 'chip' && lookup.nft.resale && (
        <ResaleActions
          id={id}
          token={token}
          jwt={jwt}
          tapped={auth === 'ok'}
          address={address}
          busy={working || tx.busy}
          tx={tx}
          onTransaction={onTransaction}
          onChanged={onChanged}
        />
      )}
      {actions.some((action) => action.kind === 'mint') && !mintFailed && (
        <MintPrice
          chain={chain}
          price={lookup.nft.price}
          payoutAddress={lookup.nft.payoutAddress}
          account={address}
          ownerPaysGas={ownerPaysGas(lookup.nft)}
        />
      )}
      {lookup.nft.claimPhases?.length ? (
        <PhaseStanding
          chain={chain}
          templateId={lookup.nft.id}
          collection={lookup.smartContract}
          phases={lookup.nft.claimPhases}
          account={address}
          refresh={`${tx.state.step}:${token?.owner ?? ''}`}
        />
      ) : null}
      {mintFailure && (
        <p className="chip-notice chip-notice--error" role="alert" data-testid="mint-failed">
          {mintFailure}
        </p>
      )}
      {progress && (
        <p className="chip-progress" data-testid="tx-step" aria-live="polite">
          {progress}
        </p>
      )}
      {modalOpen && !address && (
        <WalletModal
          chain={chain}
          pageUrl={pageUrl()}
          onClose={() => setModalOpen(false)}
          onError={notifyError}
        />
      )}
    </>
  );
}

const PropsContext = createContext<ChipWalletProps | null>(null);

function ChipWalletFromContext() {
  const props = useContext(PropsContext);
  return props ? <ChipWalletActions {...props} /> : null;
}

/**
 * wagmi's provider re-runs its reconnect on every render of its own, so it must not re-render with
 * the page: it sits under a memo with no props, and the page's changing props reach the actions
 * through a context instead.
 */
const StableWalletProvider = memo(function StableWalletProvider() {
  return (
    <WalletProvider>
      <ChipWalletFromContext />
    </WalletProvider>
  );
});

export function ChipWallet(props: ChipWalletProps) {
  return (
    <PropsContext.Provider value={props}>
      <StableWalletProvider />
    </PropsContext.Provider>
  );
}
