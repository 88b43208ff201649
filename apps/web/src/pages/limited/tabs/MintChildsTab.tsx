import { type FormEvent } from 'react';
import { parseEventLogs } from 'viem';
import { collectionAbi } from '@metatag/contracts';
import { Button } from '@metatag/ui';
import { TxStatus } from '../../../wallet/TxStatus.js';
import { useWalletTransaction } from '../../../wallet/useWalletTransaction.js';
import {
  type TabProps,
  Field,
  ContractField,
  OutcomeView,
  invalid,
  useReader,
  useRun,
  UserError,
  encodeCall,
  INVALID_VALUE,
} from '../limitedForm.js';

// ---- 4. Create child NFT --------------------------------------------------------------------------

export function MintChildsTab({ chain, inputs, set }: TabProps) {
  const read = useReader(chain);
  const tx = useWalletTransaction(chain, { notify: () => undefined, errorDetails: true });
  const { outcome, busy, run } = useRun();
  const mint = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const problem = invalid(inputs.collection, inputs.fatherUid, inputs.amount);
      if (problem) throw new UserError(problem);
      const father = BigInt(inputs.fatherUid.trim());
      const amount = BigInt(inputs.amount.trim());
      if (amount < 1n) throw new UserError(INVALID_VALUE);
      // never more than available: checked before the wallet is asked
      const available = await read<bigint>(inputs.collection, 'availableChildren', [father]);
      if (amount > available)
        throw new UserError(`Not enough child tokens left: ${available} available, ${amount} asked`);
      const data = encodeCall('mintChildBatch', [father, amount]);
      const receipt = await tx.run(async () => ({ to: inputs.collection.trim(), data }));
      const children = parseEventLogs({ abi: collectionAbi, eventName: 'MintChild', logs: receipt.logs }).map(
        (log) => log.args.child.toString(),
      );
      if (children[0]) set({ childUid: children[0], tokenUid: children[0] });
      const left = await read<bigint>(inputs.collection, 'availableChildren', [father]);
      return `Minted ${children.length} child tokens: ${children.join(', ')}. Available: ${left}`;
    });
  };
  return (
    <form className="limited__form" onSubmit={mint} aria-label="Create child NFT">
      <ContractField inputs={inputs} set={set} />
      <Field
        label="Father token UID"
        kind="number"
        value={inputs.fatherUid}
        onChange={(fatherUid) => set({ fatherUid })}
      />
      <Field label="Amount" kind="number" value={inputs.amount} onChange={(amount) => set({ amount })} />
      <Button type="submit" disabled={busy || tx.busy}>
        Mint Childs
      </Button>
      {tx.state.step !== 'failed' && (
        <TxStatus chain={chain} state={tx.state} label="Mint Childs transaction" />
      )}
      <OutcomeView outcome={outcome} />
    </form>
  );
}
