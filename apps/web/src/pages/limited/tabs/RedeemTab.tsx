import { useState, type FormEvent } from 'react';
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
  encodeCall,
} from '../limitedForm.js';

export const REDEEM_WARNING =
  'Warning: after redeeming, the token becomes untransferable: it can no longer be sold or sent to another wallet.';

// ---- 6. Redeem ------------------------------------------------------------------------------------

export function RedeemTab({ chain, inputs, set }: TabProps) {
  const read = useReader(chain);
  const tx = useWalletTransaction(chain, { notify: () => undefined, errorDetails: true });
  const [confirming, setConfirming] = useState(false);
  const { outcome, setOutcome, busy, run } = useRun();
  const ask = (event: FormEvent) => {
    event.preventDefault();
    const problem = invalid(inputs.collection, inputs.tokenUid);
    if (problem) return setOutcome({ ok: false, text: problem });
    setOutcome(null);
    setConfirming(true);
  };
  const redeem = () => {
    setConfirming(false);
    // run shows the outcome, failures included, in the tab
    void run(async () => {
      const token = BigInt(inputs.tokenUid.trim());
      const data = encodeCall('disallowTokenTransfers', [token]);
      await tx.run(async () => ({ to: inputs.collection.trim(), data }));
      const locked = await read<boolean>(inputs.collection, 'locked', [token]);
      return locked
        ? `Token ${token} is redeemed: transfers are disallowed (locked).`
        : `Token ${token} is not locked.`;
    });
  };
  return (
    <form className="limited__form" onSubmit={ask} aria-label="Redeem">
      <p className="limited__warning" data-testid="redeem-warning">
        {REDEEM_WARNING}
      </p>
      <ContractField inputs={inputs} set={set} />
      <Field
        label="Token UID"
        kind="number"
        value={inputs.tokenUid}
        onChange={(tokenUid) => set({ tokenUid })}
      />
      {!confirming && (
        <Button type="submit" disabled={busy || tx.busy}>
          Redeem
        </Button>
      )}
      {confirming && (
        <div className="limited__confirm" role="alertdialog" aria-label="Confirm redeem">
          <p>Redeem token {inputs.tokenUid.trim()}? It becomes untransferable afterwards.</p>
          <div className="limited__actions">
            <Button type="button" onClick={redeem}>
              Yes, redeem
            </Button>
            <Button type="button" variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        </div>
      )}
      {tx.state.step !== 'failed' && <TxStatus chain={chain} state={tx.state} label="Redeem transaction" />}
      <OutcomeView outcome={outcome} />
    </form>
  );
}
