import { useId, type InputHTMLAttributes, type Ref } from 'react';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** A validation message; shown under the field in red and announced with it. */
  error?: string;
  /** A hint under the field when there is no error. */
  helperText?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled input with its helper or error text under it. Spread react-hook-form's
 * `register(...)` into it.
 */
export function TextField({ label, error, helperText, id, className, ref, ...input }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const messageId = `${inputId}-message`;
  const message = error ?? helperText;
  return (
    <div className={`field${error ? ' field--error' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? messageId : undefined}
        {...input}
      />
      {message && (
        <p id={messageId} className="field-message">
          {message}
        </p>
      )}
    </div>
  );
}
