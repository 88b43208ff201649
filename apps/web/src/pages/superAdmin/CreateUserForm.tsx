import { useState, type FormEvent } from 'react';
import { Button, INVALID_VALUE, TextInput } from '@metatag/ui';
import { isValidUserName, normalizeUserName } from '../../lib/validation.js';
import { useCreateUser } from './usersApi.js';

/**
 * Creates a user by address (spec section 2). The field takes a wallet address (for wallet
 * sign-in; lower-cased) or a plain name (for a password user, whose password is set in the table).
 */
export function CreateUserForm() {
  const createUser = useCreateUser();
  const [value, setValue] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const name = normalizeUserName(value);
  const valid = isValidUserName(name);
  const showInvalid = value !== '' && !valid;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || createUser.isPending) return;
    setCreated(null);
    try {
      const user = await createUser.mutateAsync(name);
      setCreated(user.address);
      setValue('');
    } catch {
      // The mutation's error is shown below.
    }
  };

  return (
    <form className="create-user" onSubmit={(event) => void submit(event)} aria-label="Create user">
      <label className="field">
        <span className="field__label">Address or name of the new user</span>
        <span className="create-user__row">
          <TextInput
            name="address"
            value={value}
            invalid={showInvalid}
            placeholder="0x… or a name"
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => {
              setValue(event.target.value);
              createUser.reset();
              setCreated(null);
            }}
          />
          <Button type="submit" disabled={!valid || createUser.isPending}>
            Create user
          </Button>
        </span>
      </label>
      {showInvalid && <p className="mt-error-text">{INVALID_VALUE}</p>}
      {createUser.isError && (
        <p className="mt-error-text" role="alert">
          {createUser.error.message}
        </p>
      )}
      {created && (
        <p className="notice" role="status">
          User {created} created.
        </p>
      )}
    </form>
  );
}
