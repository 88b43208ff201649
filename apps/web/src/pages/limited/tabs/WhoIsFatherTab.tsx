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

// ---- 5. Check child NFT ---------------------------------------------------------------------------

export function WhoIsFatherTab({ chain, inputs, set }: TabProps) {
  const read = useReader(chain);
  const { outcome, busy, run } = useRun();
  const check = (event: FormEvent) => {
    event.preventDefault();
    // run shows the outcome, failures included, in the tab
    void run(async () => {
      const problem = invalid(inputs.collection, inputs.childUid);
      if (problem) throw new UserError(problem);
      const father = await read<bigint>(inputs.collection, 'whoIsFather', [BigInt(inputs.childUid.trim())]);
      return `Father: ${father}`;
    });
  };
  return (
    <form className="limited__form" onSubmit={check} aria-label="Check child NFT">
      <ContractField inputs={inputs} set={set} />
      <Field
        label="Child token UID"
        kind="number"
        value={inputs.childUid}
        onChange={(childUid) => set({ childUid })}
      />
      <Button type="submit" disabled={busy}>
        Who is father?
      </Button>
      <OutcomeView outcome={outcome} />
    </form>
  );
}
