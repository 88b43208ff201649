import { type FormEvent } from 'react';
import { useAccount } from 'wagmi';
import { Button } from '@metatag/ui';
import {
  type TabProps,
  Field,
  ContractField,
  OutcomeView,
  invalid,
  useReader,
  useRun,
  UserError,
} from '../limitedForm.js';

// ---- 3. Check ownership ---------------------------------------------------------------------------

export function OwnershipTab({ chain, inputs, set }: TabProps) {
  const read = useReader(chain);
  const { address } = useAccount();
  const { outcome, busy, run } = useRun();
  const check = (event: FormEvent) => {
    event.preventDefault();
    // run shows the outcome, failures included, in the tab
    void run(async () => {
      const problem = invalid(inputs.collection, inputs.tokenUid);
      if (problem) throw new UserError(problem);
      const token = BigInt(inputs.tokenUid.trim());
      const owner = (await read<string>(inputs.collection, 'ownerOf', [token])).toLowerCase();
      const locked = await read<boolean>(inputs.collection, 'locked', [token]);
      const whose = !address
        ? '(no wallet connected)'
        : owner === address.toLowerCase()
          ? '(your wallet)'
          : '(not your wallet)';
      return `Owner: ${owner} ${whose}. ${locked ? 'Redeemed: transfers are disallowed (locked).' : 'Transferable.'}`;
    });
  };
  return (
    <form className="limited__form" onSubmit={check} aria-label="Check ownership">
      <ContractField inputs={inputs} set={set} />
      <Field
        label="Token UID"
        kind="number"
        value={inputs.tokenUid}
        onChange={(tokenUid) => set({ tokenUid })}
      />
      <Button type="submit" disabled={busy}>
        Check ownership
      </Button>
      <OutcomeView outcome={outcome} />
    </form>
  );
}
