import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from './Button.js';
import { TextInput, inputClassName } from './TextInput.js';

/** Spec sections 5 and 8: the inline editor's text while the value is invalid. */
export const INVALID_VALUE = 'Invalid value';

export interface InlineEditProps {
  /** The saved value, shown while not editing. */
  value: string;
  /** Accessible name of the input; the edit button is named `Edit {label}`. */
  label: string;
  /** Whether a (sanitised) draft may be saved. */
  validate: (draft: string) => boolean;
  /** Applied to every keystroke, e.g. the address sanitiser of spec section 5. */
  sanitize?: (draft: string) => string;
  /** Saves the draft; a rejection keeps the editor open and shows the error's message. */
  onSave: (draft: string) => Promise<unknown> | void;
  /** Shown instead of an empty value. */
  placeholder?: string;
  inputMode?: 'text' | 'decimal' | 'numeric';
  /** A textarea instead of a one-line input (long texts such as a description). */
  multiline?: boolean;
  /** How a non-empty saved value is shown (e.g. a shortened address); the editor gets it whole. */
  renderValue?: (value: string) => ReactNode;
}

/**
 * A value with an Edit button that turns into an input with Save and Cancel. Save is disabled and
 * 'Invalid value' is shown while the draft is invalid (spec section 5).
 */
export function InlineEdit({
  value,
  label,
  validate,
  sanitize,
  onSave,
  placeholder = '-',
  inputMode,
  multiline = false,
  renderValue,
}: InlineEditProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  if (draft === null) {
    return (
      <span className="mt-inline-edit">
        <span className="mt-inline-edit__value">
          {value === '' ? placeholder : renderValue ? renderValue(value) : value}
        </span>
        <Button
          variant="ghost"
          className="mt-inline-edit__edit"
          aria-label={`Edit ${label}`}
          onClick={() => {
            setError(null);
            setDraft(value);
          }}
        >
          Edit
        </Button>
      </span>
    );
  }

  const valid = validate(draft);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || saving) return;
    setSaving(true);
    setError(null);
    try {
      await onSave(draft);
      setDraft(null);
    } catch (reason) {
      setError(reason instanceof Error && reason.message ? reason.message : 'server error');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="mt-inline-edit mt-inline-edit--editing" onSubmit={(event) => void submit(event)}>
      {multiline ? (
        <textarea
          className={inputClassName(!valid && draft !== '', 'mt-inline-edit__textarea')}
          aria-label={label}
          aria-invalid={(!valid && draft !== '') || undefined}
          value={draft}
          rows={4}
          aria-describedby={!valid || error ? errorId : undefined}
          autoFocus
          onChange={(event) => setDraft(sanitize ? sanitize(event.target.value) : event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setDraft(null);
          }}
        />
      ) : (
        <TextInput
          aria-label={label}
          value={draft}
          invalid={!valid && draft !== ''}
          inputMode={inputMode}
          aria-describedby={!valid || error ? errorId : undefined}
          autoFocus
          onChange={(event) => setDraft(sanitize ? sanitize(event.target.value) : event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setDraft(null);
          }}
        />
      )}
      <Button type="submit" disabled={!valid || saving}>
        Save
      </Button>
      <Button variant="secondary" onClick={() => setDraft(null)} disabled={saving}>
        Cancel
      </Button>
      {(!valid || error) && (
        <span id={errorId} className="mt-error-text">
          {!valid ? INVALID_VALUE : error}
        </span>
      )}
    </form>
  );
}
