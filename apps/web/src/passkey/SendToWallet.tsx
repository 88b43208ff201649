import { useState, type FormEvent } from 'react';
import { ANY_CASE_ADDRESS_PATTERN } from '@metatag/api-types';
import { WalletAddressField } from './WalletAddressField.js';

export const SEND_TO_MY_WALLET = 'Send to my wallet';
const ZERO = /^0x0{40}$/;

/**
 * 'Send to my wallet' (issue #29 item 4): the visitor types an ordinary wallet's address; one sponsored
 * user operation moves the token there. Refuses what is not an address, the zero address and the
 * passkey account itself before anything is signed.
 */
export function SendToWallet({
  account,
  busy,
  onSend,
  testId = 'passkey-send',
}: {
  account: string;
  busy: boolean;
  onSend: (to: string) => Promise<void>;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const [to, setTo] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  if (!open)
    return (
      <button
        type="button"
        className="chip-button chip-button--secondary"
        disabled={busy}
        onClick={() => setOpen(true)}
      >
        {SEND_TO_MY_WALLET}
      </button>
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = to.trim();
    if (!ANY_CASE_ADDRESS_PATTERN.test(address) || ZERO.test(address))
      return setProblem('Type a wallet address: 0x and 40 letters or digits.');
    if (address.toLowerCase() === account.toLowerCase())
      return setProblem('That is your passkey account. Type another wallet.');
    setProblem(null);
    await onSend(address.toLowerCase());
  };

  return (
    <form className="passkey-send" data-testid={testId} onSubmit={(event) => void submit(event)}>
      <WalletAddressField
        name="to"
        value={to}
        hint="Any ordinary wallet. The token leaves your passkey account."
        onChange={(value) => {
          setTo(value);
          setProblem(null);
        }}
      />
      <button type="submit" className="chip-button" disabled={busy || to.trim() === ''}>
        Send
      </button>
      {problem && (
        <p className="chip-notice chip-notice--error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
