/**
 * A date typed as Chile writes it, dd/mm/aaaa, whatever the browser's language (issue 46, item 7).
 * A native `<input type="date">` draws its text in the browser's locale: an English browser showed
 * 12/07/2026 for 7 December, and a dispatcher reading it on a shared desk read July. This is a text
 * field that reads day first (07/12/2026, 7-12-2026, 07.12.2026, or a pasted 2026-12-07), writes
 * the one date format back when the field is left, and hands the form the stored "YYYY-MM-DD" (or
 * '' while empty or not yet a real day). What it cannot read is said under it, tied to the field.
 *
 * Hand-written rather than a date-picker library: the desk needs a typed field, not a calendar, and
 * the ones on npm (react-day-picker, react-datepicker) bring a calendar popover and its styles for
 * what is a parse and a format (contract/dateFormat.ts).
 */
import { useId, useState, type InputHTMLAttributes } from 'react';
import { DATE_PLACEHOLDER, formatDay, parseDay } from '../../../contract/dateFormat';
import './dateField.css';

type NativeProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange' | 'min' | 'max' | 'defaultValue'>;

export interface DateFieldProps extends NativeProps {
  /** The stored day, "YYYY-MM-DD", or '' for none. */
  value: string;
  onValueChange(day: string): void;
  /** Earliest and latest days allowed, "YYYY-MM-DD". */
  min?: string;
  max?: string;
}

/** A day typed day first, or pasted as "YYYY-MM-DD". */
export function readDay(typed: string): string | null {
  const iso = /^\s*(\d{4}-\d{2}-\d{2})\s*$/.exec(typed);
  if (iso) return parseDay(iso[1].split('-').reverse().join('/'));
  return parseDay(typed);
}

/** Why `typed` is not a day the field can hand on, or null when it is (or is empty). */
function problemWith(typed: string, min?: string, max?: string): string | null {
  if (!typed.trim()) return null;
  const day = readDay(typed);
  if (!day) return `Escribe la fecha como ${DATE_PLACEHOLDER}, por ejemplo 07/12/2026.`;
  if (min && day < min) return `La fecha debe ser el ${formatDay(min)} o después.`;
  if (max && day > max) return `La fecha debe ser el ${formatDay(max)} o antes.`;
  return null;
}

export function DateField({ value, onValueChange, min, max, onBlur, className, 'aria-describedby': describedBy, 'aria-invalid': invalid, ...rest }: DateFieldProps) {
  const [text, setText] = useState(() => (value ? formatDay(value) : ''));
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();

  // A value set from outside (Limpiar, a period's arrows, a saved record) replaces the text, during
  // render (React's "adjusting state when a prop changes"); the form's '' for a day still being
  // typed does not wipe what the person typed.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    const typed = readDay(text);
    if ((value && value !== typed) || (!value && typed)) {
      setText(value ? formatDay(value) : '');
      setProblem(null);
    }
  }

  return (
    <>
      <input
        {...rest}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={DATE_PLACEHOLDER}
        maxLength={10}
        className={['flota-date-field', className].filter(Boolean).join(' ')}
        value={text}
        aria-invalid={invalid || problem !== null}
        aria-describedby={[describedBy, problem ? problemId : undefined].filter(Boolean).join(' ') || undefined}
        onChange={(event) => {
          const typed = event.target.value;
          setText(typed);
          // A real day goes to the form even out of min..max (as a native input does): the form's own
          // check names the rule ("no puede ser anterior a..."); this field says it when left.
          const day = readDay(typed) ?? '';
          if (problem && problemWith(typed, min, max) === null) setProblem(null);
          if (day !== value) onValueChange(day);
        }}
        onBlur={(event) => {
          const found = problemWith(text, min, max);
          setProblem(found);
          const day = readDay(text);
          if (!found && day) setText(formatDay(day));
          onBlur?.(event);
        }}
      />
      {problem && (
        <span id={problemId} className="flota-date-field__problem">
          {problem}
        </span>
      )}
    </>
  );
}
