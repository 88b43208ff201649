/** The ordinary wallet address a passkey account sends to or adds as its recovery owner, with its hint. */
export function WalletAddressField({
  name,
  value,
  hint,
  onChange,
}: {
  name: string;
  value: string;
  hint: string;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <label className="passkey-send__label">
        Your wallet address
        <input
          className="passkey-send__input"
          name={name}
          placeholder="0x…"
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </label>
      <p className="passkey__hint">{hint}</p>
    </>
  );
}
