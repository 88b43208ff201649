import { useState } from 'react';
import { TextInput } from '@metatag/ui';
import { isValidCollectionName, isValidCollectionSymbol } from '../../lib/validation.js';

/** The name and symbol of a collection to deploy, with the server's rules. */
export function useCollectionNameFields() {
  const [name, setName] = useState('');
  const [symbol, setSymbol] = useState('');
  return {
    name,
    symbol,
    setName,
    setSymbol,
    valid: isValidCollectionName(name) && isValidCollectionSymbol(symbol),
    values: { name: name.trim(), symbol: symbol.trim() },
    reset: () => {
      setName('');
      setSymbol('');
    },
  };
}

export function CollectionNameFields({ fields }: { fields: ReturnType<typeof useCollectionNameFields> }) {
  return (
    <>
      <label className="field">
        <span className="field__label">Collection name</span>
        <TextInput
          value={fields.name}
          maxLength={200}
          onChange={(event) => fields.setName(event.target.value)}
        />
      </label>
      <label className="field">
        <span className="field__label">Collection symbol</span>
        <TextInput
          value={fields.symbol}
          maxLength={64}
          onChange={(event) => fields.setSymbol(event.target.value)}
        />
      </label>
    </>
  );
}
