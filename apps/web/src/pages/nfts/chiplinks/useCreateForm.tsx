import { useState, type FormEvent } from 'react';
import { CANNOT_LINK } from '../../../lib/texts.js';
import { errorDetail } from '../../../session/loginOutcome.js';
import type { Parsed } from './chiplinkRules.js';

/**
 * The state of a chip or link creation form (spec sections 2, 5 and 8): the input is parsed first; a
 * cancelling value sends nothing, an invalid one says why, a failed request alerts 'Cannot link'.
 */
export function useCreateForm<T, R>(options: {
  initial: string;
  parse: (input: string) => Parsed<T>;
  create: (value: T) => Promise<R>;
  /** What to say after a success. */
  describe: (result: R) => string;
  /** The input after a success. */
  after: (input: string) => string;
  /** Why an input that cancels sent nothing (spec section 5: such inputs cancel; the user is told). */
  cancelled: string;
}) {
  const [value, setValue] = useState(options.initial);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [cancelled, setCancelled] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    setFailure(null);
    setCancelled(null);
    const parsed = options.parse(value);
    if (parsed.kind !== 'ok') {
      setInvalid(parsed.kind === 'invalid' ? parsed.message : null);
      if (parsed.kind === 'cancel') setCancelled(options.cancelled);
      return;
    }
    try {
      const result = await options.create(parsed.value);
      setValue(options.after(value));
      setDone(options.describe(result));
    } catch (error) {
      setFailure(errorDetail(error) ?? null);
      window.alert(CANNOT_LINK);
    }
  };

  const change = (next: string) => {
    setValue(next);
    setInvalid(null);
    setDone(null);
    setCancelled(null);
  };

  return { value, change, submit, invalid, failure, done, cancelled };
}

/** The form's outcome: why the input is refused, the server's failure, or what was made. */
export function CreateFormMessages({
  invalid,
  failure,
  done,
  cancelled = null,
}: {
  invalid: string | null;
  failure: string | null;
  done: string | null;
  cancelled?: string | null;
}) {
  return (
    <>
      {invalid && <span className="mt-error-text">{invalid}</span>}
      {cancelled && (
        <span className="muted" role="status" data-testid="create-cancelled">
          {cancelled}
        </span>
      )}
      {failure && (
        <span className="mt-error-text" role="alert">
          {CANNOT_LINK}: {failure}
        </span>
      )}
      {done && (
        <span className="notice" role="status">
          {done}
        </span>
      )}
    </>
  );
}
