import { useState, type FormEvent } from 'react';
import { Button, INVALID_VALUE, TextInput } from '@metatag/ui';
import { isValidPassword } from '../../lib/validation.js';
import { useSetPassword, type User } from './usersApi.js';

/** Sets a user's password (spec section 5: a new password must be non-empty). */
export function SetPasswordForm({ user }: { user: User }) {
  const setPassword = useSetPassword();
  const [password, setPasswordValue] = useState('');
  const [touched, setTouched] = useState(false);
  const [done, setDone] = useState(false);
  const valid = isValidPassword(password);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!valid || setPassword.isPending) return;
    try {
      await setPassword.mutateAsync({ id: user.id, password });
      setPasswordValue('');
      setTouched(false);
      setDone(true);
    } catch {
      // Shown below.
    }
  };

  return (
    <form className="set-password" onSubmit={(event) => void submit(event)}>
      <TextInput
        type="password"
        aria-label={`New password for ${user.address}`}
        autoComplete="new-password"
        value={password}
        invalid={touched && !valid}
        onChange={(event) => {
          setPasswordValue(event.target.value);
          setTouched(true);
          setDone(false);
          setPassword.reset();
        }}
      />
      <Button type="submit" variant="secondary" disabled={!valid || setPassword.isPending}>
        Set password
      </Button>
      {touched && !valid && <span className="mt-error-text">{INVALID_VALUE}</span>}
      {setPassword.isError && <span className="mt-error-text">{setPassword.error.message}</span>}
      {done && (
        <span className="notice" role="status">
          Password set
        </span>
      )}
    </form>
  );
}
