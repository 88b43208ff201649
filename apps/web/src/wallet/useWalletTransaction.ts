import { useCallback, useRef, useState } from 'react';
import type { Address, Hex, TransactionReceipt } from 'viem';
import { useConfig } from 'wagmi';
import { call, getAccount, sendTransaction, waitForTransactionReceipt } from 'wagmi/actions';
import { describeChainError } from '../lib/chainErrors.js';
import { CHAIN_IDS, type ChainName } from '../lib/chains.js';
import { walletNotOnChain } from '../lib/texts.js';
import { errorDetail } from '../session/loginOutcome.js';
import { MUST_CONNECT } from './RequireWallet.js';
import { reportTx } from './txToasts.js';
import { ANY_CASE_ADDRESS_PATTERN } from '@metatag/api-types';

/** Spec sections 8 and 9: the wallet gas limit for a transaction that creates a contract. */
export const CONTRACT_GAS_LIMIT = 5_000_000n;

/** Transaction data the server prepared (`evm` of spec section 7): no `to` creates a contract. */
export interface TxData {
  to?: string | null;
  data: string;
  /** Wei to send along (a priced mint), as a decimal string. */
  value?: string;
}

export type TxStep = 'idle' | 'preparing' | 'signing' | 'mining' | 'done' | 'failed';

export interface TxState {
  step: TxStep;
  /** Shown as soon as the wallet returns it (spec section 4: a hash first, then a receipt). */
  hash: Hex | null;
  /** The created contract, for a contract creation. */
  contractAddress: Address | null;
  error: string | null;
}

export const IDLE_TX: TxState = { step: 'idle', hash: null, contractAddress: null, error: null };

export interface RunOptions {
  /** A contract creation: sent with the 5,000,000 gas limit. */
  createsContract?: boolean;
  /** Texts for contract errors in this call's context (lib/chainErrors.ts), e.g. the lock's NotTokenOwner. */
  errorTexts?: Readonly<Record<string, string>>;
  /**
   * Says what a wallet or chain error of this call means, in place of lib/chainErrors.ts (the chip
   * page names the causes of a failed mint, #30); prepare's errors keep their own message.
   */
  describeError?: (error: unknown) => string;
}

/** The admin area's transactions: alerted, and chain errors read with their name and arguments. */
export const ADMIN_TX = { errorDetails: true } as const;

/** Why a transaction was not sent or did not succeed; its message is what the user saw. */
export class TransactionAbortedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TransactionAbortedError';
  }
}

const HEX = /^0x[0-9a-fA-F]*$/;

/**
 * Sends server-prepared transaction data with the connected wallet on the page's chain (spec
 * sections 4, 5 and 8): no connected wallet or another chain → not sent ('You must connect' /
 * 'Your wallet is not in the {chain} chain.', alerted); otherwise the hash is shown at once, then
 * the receipt is awaited. Wallet and chain errors are alerted and kept in `state.error`.
 * `run` resolves with the receipt of a successful transaction, or throws a TransactionAbortedError.
 */
export function useWalletTransaction(
  chain: ChainName,
  {
    notify = (message: string) => window.alert(message),
    errorDetails = false,
  }: {
    notify?: (message: string) => void;
    /** Chain errors read with the error's name and arguments (the admin area; lib/chainErrors.ts). */
    errorDetails?: boolean;
  } = {},
) {
  const config = useConfig();
  const [state, setState] = useState<TxState>(IDLE_TX);
  const running = useRef(false);
  // the hash of the transaction under way, for the toasts (layout/TxToasts.tsx)
  const hashRef = useRef<string | null>(null);
  // The admin area alerts (spec section 8); the public chip page shows toasts instead.
  const notifyRef = useRef(notify);
  notifyRef.current = notify;

  const fail = useCallback((message: string): never => {
    setState((current) => ({ ...current, step: 'failed', error: message }));
    reportTx('failed', hashRef.current, message);
    notifyRef.current(message);
    throw new TransactionAbortedError(message);
  }, []);

  const run = useCallback(
    async (prepare: () => Promise<TxData>, options: RunOptions = {}): Promise<TransactionReceipt> => {
      if (running.current) throw new TransactionAbortedError('A transaction is already running');
      running.current = true;
      const describe = (error: unknown) =>
        options.describeError?.(error) ??
        describeChainError(error, { texts: options.errorTexts, details: errorDetails });
      try {
        setState({ ...IDLE_TX, step: 'preparing' });
        hashRef.current = null;
        const chainId = CHAIN_IDS[chain];
        const account = getAccount(config);
        if (account.status !== 'connected' || !account.address) return fail(MUST_CONNECT);
        if (account.chainId !== chainId) return fail(walletNotOnChain(chain));

        let tx: TxData;
        try {
          tx = await prepare();
        } catch (error) {
          return fail(errorDetail(error) ?? 'server error');
        }
        if (
          !HEX.test(tx.data) ||
          (tx.to && !ANY_CASE_ADDRESS_PATTERN.test(tx.to)) ||
          (tx.value && !/^\d+$/.test(tx.value))
        )
          return fail('server error');

        setState((current) => ({ ...current, step: 'signing' }));
        let hash: Hex;
        try {
          hash = await sendTransaction(config, {
            account: account.address,
            chainId,
            to: tx.to ? (tx.to as Address) : undefined,
            data: tx.data as Hex,
            value: tx.value ? BigInt(tx.value) : undefined,
            gas: options.createsContract ? CONTRACT_GAS_LIMIT : undefined,
          });
        } catch (error) {
          // a wallet rejection or a revert (seen in gas estimation), decoded with our ABIs
          return fail(describe(error));
        }
        setState((current) => ({ ...current, step: 'mining', hash }));
        hashRef.current = hash;
        reportTx('sent', hash, '');

        let receipt: TransactionReceipt;
        try {
          receipt = await waitForTransactionReceipt(config, { hash, chainId });
        } catch (error) {
          return fail(describe(error));
        }
        if (receipt.status !== 'success') {
          // the receipt has no reason: the same call at that block tells why it reverted
          let reason = 'The transaction failed (reverted)';
          try {
            await call(config, {
              account: account.address,
              chainId,
              to: tx.to ? (tx.to as Address) : undefined,
              data: tx.data as Hex,
              value: tx.value ? BigInt(tx.value) : undefined,
              blockNumber: receipt.blockNumber,
            });
          } catch (error) {
            reason = `The transaction reverted: ${describe(error)}`;
          }
          return fail(reason);
        }
        setState({ step: 'done', hash, contractAddress: receipt.contractAddress ?? null, error: null });
        reportTx('confirmed', hash, '');
        return receipt;
      } finally {
        running.current = false;
      }
    },
    [chain, config, fail, errorDetails],
  );

  const reset = useCallback(() => setState(IDLE_TX), []);
  const busy = state.step === 'preparing' || state.step === 'signing' || state.step === 'mining';
  return { state, run, reset, busy };
}
