// The limited-edition tool's shared pieces (`/{chain}/limited`, LimitedPage.tsx): the inputs every tab
// edits, its fields, outcomes, contract reads and runs. Each tab is a file of tabs/.
import { useState } from 'react';
import { encodeFunctionData, type Address, type Hex } from 'viem';
import { useConfig } from 'wagmi';
import { readContract } from 'wagmi/actions';
import { ANY_CASE_ADDRESS_PATTERN, UINT256_PATTERN } from '@metatag/api-types';
import { collectionAbi } from '@metatag/contracts';
import { describeChainError } from '../../lib/chainErrors.js';
import { CHAIN_IDS, type ChainName } from '../../lib/chains.js';
import { TransactionAbortedError } from '../../wallet/useWalletTransaction.js';
import { type SampleInput } from './samples.js';

export type Inputs = Omit<SampleInput, 'chain' | 'chainId' | 'origin'>;

export const INVALID_VALUE = 'Invalid value';
export const INVALID_ADDRESS = 'Invalid address';

export interface TabProps {
  chain: ChainName;
  inputs: Inputs;
  set: (patch: Partial<Inputs>) => void;
}

export function Field({
  label,
  value,
  onChange,
  kind,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  kind: 'address' | 'number' | 'string';
  testId?: string;
}) {
  return (
    <label className="limited__field">
      <span>
        {label} <small className="limited__kind">({kind})</small>
      </span>
      <input
        className="limited__input"
        value={value}
        inputMode={kind === 'number' ? 'numeric' : 'text'}
        spellCheck={false}
        autoComplete="off"
        data-testid={testId}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}

export function ContractField({ inputs, set }: Pick<TabProps, 'inputs' | 'set'>) {
  return (
    <Field
      label="Smart contract"
      kind="address"
      value={inputs.collection}
      onChange={(collection) => set({ collection })}
    />
  );
}

/** What a tab answered: a result line, or an error in words. */
export interface Outcome {
  ok: boolean;
  text: string;
}

export function OutcomeView({ outcome }: { outcome: Outcome | null }) {
  if (!outcome) return null;
  return outcome.ok ? (
    <p className="limited__result" data-testid="limited-result" role="status">
      {outcome.text}
    </p>
  ) : (
    <p className="limited__error" data-testid="limited-error" role="alert">
      {outcome.text}
    </p>
  );
}

export const describe = (error: unknown) => describeChainError(error, { details: true });

/** Checks an address and uint inputs; the first problem in words, or null. */
export function invalid(collection: string, ...uints: string[]): string | null {
  if (!ANY_CASE_ADDRESS_PATTERN.test(collection.trim())) return INVALID_ADDRESS;
  if (uints.some((v) => !UINT256_PATTERN.test(v.trim()))) return INVALID_VALUE;
  return null;
}

/** Contract reads on the page's chain (through the app's RPC transport). */
export function useReader(chain: ChainName) {
  const config = useConfig();
  return <T,>(collection: string, functionName: string, args: readonly unknown[]) =>
    readContract(config, {
      address: collection.trim() as Address,
      abi: collectionAbi,
      functionName: functionName as 'ownerOf',
      args: args as [bigint],
      chainId: CHAIN_IDS[chain],
    }) as Promise<T>;
}

export function useRun() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (task: () => Promise<string>) => {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome({ ok: true, text: await task() });
    } catch (error) {
      setOutcome({
        ok: false,
        text:
          error instanceof UserError || error instanceof TransactionAbortedError
            ? error.message
            : describe(error),
      });
    } finally {
      setBusy(false);
    }
  };
  return { outcome, setOutcome, busy, run };
}

export class UserError extends Error {}

export function encodeCall(functionName: 'mintChildBatch' | 'disallowTokenTransfers', args: bigint[]): Hex {
  return functionName === 'mintChildBatch'
    ? encodeFunctionData({ abi: collectionAbi, functionName, args: [args[0]!, args[1]!] })
    : encodeFunctionData({ abi: collectionAbi, functionName, args: [args[0]!] });
}
