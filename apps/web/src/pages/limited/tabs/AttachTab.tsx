import { type FormEvent } from 'react';
import { type AttachChildBody } from '@metatag/api-types';
import { Button } from '@metatag/ui';
import { isApiError } from '../../../lib/api.js';
import { MUST_LOGIN } from '../../../session/RequireUser.js';
import { useCurrentUser } from '../../../session/useCurrentUser.js';
import { TxStatus } from '../../../wallet/TxStatus.js';
import { useWalletTransaction } from '../../../wallet/useWalletTransaction.js';
import { attachChild } from '../attachRoute.js';
import {
  type TabProps,
  Field,
  ContractField,
  OutcomeView,
  invalid,
  useRun,
  UserError,
  INVALID_VALUE,
} from '../limitedForm.js';

// ---- 7. Attach child NFT to an NFC tag ------------------------------------------------------------

export function AttachTab({ chain, inputs, set }: TabProps) {
  const { data: me, isPending } = useCurrentUser();
  const tx = useWalletTransaction(chain, { notify: () => undefined, errorDetails: true });
  const { outcome, busy, run } = useRun();
  if (isPending) return null;
  if (!me)
    return (
      <p className="limited__gate" data-testid="must-login">
        {MUST_LOGIN}
      </p>
    );
  const attach = (event: FormEvent) => {
    event.preventDefault();
    // run shows the outcome, failures included, in the tab
    void run(async () => {
      const problem = invalid(inputs.collection, inputs.childUid);
      if (problem) throw new UserError(problem);
      if (inputs.nfcUid.trim() === '') throw new UserError(INVALID_VALUE);
      const body: AttachChildBody = {
        collection: inputs.collection.trim().toLowerCase(),
        childTokenUid: inputs.childUid.trim(),
        nfcUid: inputs.nfcUid.trim(),
      };
      const reply = await attachChild(chain, body);
      if (isApiError(reply)) throw new UserError(reply.errorMessage ?? 'errror');
      await tx.run(async () => reply.transaction);
      return `Child ${body.childTokenUid} is attached to chip ${reply.chipId}`;
    });
  };
  return (
    <form className="limited__form" onSubmit={attach} aria-label="Attach child NFT to an NFC tag">
      <ContractField inputs={inputs} set={set} />
      <Field
        label="Child token UID"
        kind="number"
        value={inputs.childUid}
        onChange={(childUid) => set({ childUid })}
      />
      <Field label="NFC UID" kind="string" value={inputs.nfcUid} onChange={(nfcUid) => set({ nfcUid })} />
      <Button type="submit" disabled={busy || tx.busy}>
        Attach
      </Button>
      {tx.state.step !== 'failed' && <TxStatus chain={chain} state={tx.state} label="Attach transaction" />}
      <OutcomeView outcome={outcome} />
    </form>
  );
}
