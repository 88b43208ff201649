import { useId, type ReactNode } from 'react';
import { TextInput } from '@metatag/ui';
import { INVALID_ADDRESS } from '../../lib/texts.js';
import { isAddress, sanitizeAddressInput } from '../../lib/validation.js';

/** One tool of the super admin's deployment tools: a titled region. */
export function Tool({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="deploy-tool" aria-labelledby={id}>
      <h3 id={id} className="deploy-tool__title">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** An address input with the spec's sanitiser and red border; 'Invalid address' once it is wrong. */
export function AddressField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const invalid = value !== '' && !isAddress(value);
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <TextInput
        value={value}
        invalid={invalid}
        placeholder="0x…"
        spellCheck={false}
        autoComplete="off"
        onChange={(event) => onChange(sanitizeAddressInput(event.target.value))}
      />
      {invalid && <span className="mt-error-text">{INVALID_ADDRESS}</span>}
    </label>
  );
}
