import { cloneElement, useId, type ReactElement } from 'react';

/**
 * A label, one control (input, select or textarea) and its hint or error under it, wired up with
 * ids so the message is read with the control. The plan's forms use it for every field.
 */
export function FormField({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: string;
  error?: string;
  children: ReactElement<Record<string, unknown>>;
}) {
  const id = useId();
  const messageId = `${id}-message`;
  const message = error ?? hint;
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': message ? messageId : undefined,
      })}
      {message && (
        <p id={messageId} className="field-message" role={error ? 'alert' : undefined}>
          {message}
        </p>
      )}
    </div>
  );
}
