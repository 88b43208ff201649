import type { InputHTMLAttributes } from 'react';

export interface TextInputProps extends InputHTMLAttributes<HTMLInputElement> {
  /** Marks the value as invalid: red border (spec section 5) and `aria-invalid`. */
  invalid?: boolean;
}

/** Class names of a text input, for inputs that cannot use the component. */
export function inputClassName(invalid = false, extra?: string): string {
  return ['mt-input', invalid ? 'mt-input--invalid' : undefined, extra].filter(Boolean).join(' ');
}

export function TextInput({ invalid = false, className, type = 'text', ...props }: TextInputProps) {
  return (
    <input
      type={type}
      className={inputClassName(invalid, className)}
      aria-invalid={invalid || undefined}
      {...props}
    />
  );
}
