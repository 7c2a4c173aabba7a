import { useId, type ReactNode } from 'react';

/** What a field's control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/**
 * A labelled form field with an optional hint and its error text under it. The control (input,
 * select) comes from `children`, which receives the id and aria attributes to put on it. A wide
 * field takes the whole row of a two-column form. The id comes from useId, never written by hand:
 * two apps mounted side by side in one page would otherwise share it, and a label would point at
 * the other app's input.
 */
export function Field({ label, hint, error, wide, children }: { label: string; hint?: string; error?: string; wide?: boolean; children: (control: FieldControlProps) => ReactNode }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={wide ? 'flota-field flota-field--wide' : 'flota-field'}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': !!error, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="flota-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="flota-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
