import { type FormEvent } from 'react';
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

// ---- 2. Check available items ---------------------------------------------------------------------

export function AvailableTab({ chain, inputs, set }: TabProps) {
  const read = useReader(chain);
  const { outcome, busy, run } = useRun();
  const check = (event: FormEvent) => {
    event.preventDefault();
    // run shows the outcome, failures included, in the tab
    void run(async () => {
      const problem = invalid(inputs.collection, inputs.fatherUid);
      if (problem) throw new UserError(problem);
      const father = BigInt(inputs.fatherUid.trim());
      const [available, limit, minted] = await Promise.all([
        read<bigint>(inputs.collection, 'availableChildren', [father]),
        read<bigint>(inputs.collection, 'limitPerUid', [father]),
        read<bigint>(inputs.collection, 'mintedChildren', [father]),
      ]);
      return `Available: ${available} of ${limit} (${minted} minted)`;
    });
  };
  return (
    <form className="limited__form" onSubmit={check} aria-label="Check available items">
      <ContractField inputs={inputs} set={set} />
      <Field
        label="Father token UID"
        kind="number"
        value={inputs.fatherUid}
        onChange={(fatherUid) => set({ fatherUid })}
      />
      <Button type="submit" disabled={busy}>
        Check available
      </Button>
      <OutcomeView outcome={outcome} />
    </form>
  );
}
