/**
 * A time of day typed as hh:mm, 24-hour, whatever the browser's language (a native time input in an
 * English browser reads "02:30 PM"). Hands the form "HH:mm", or '' while empty or not yet a time;
 * a typed "9:5" or "0930" is read too, and written back as 09:05 / 09:30 when the field is left.
 */
import { useId, useState, type InputHTMLAttributes } from 'react';
import './dateField.css';

type NativeProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange' | 'defaultValue'>;

export interface TimeFieldProps extends NativeProps {
  /** "HH:mm", or '' for none. */
  value: string;
  onValueChange(time: string): void;
}

/** "9:05", "09.05", "0905" → "09:05"; null when it is not a time of day. */
export function readTime(typed: string): string | null {
  const match = /^\s*(\d{1,2})\s*[:.h]?\s*(\d{2})\s*$/.exec(typed);
  if (!match) return null;
  const [hour, minute] = [Number(match[1]), Number(match[2])];
  if (hour > 23 || minute > 59) return null;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

export function TimeField({ value, onValueChange, onBlur, className, 'aria-describedby': describedBy, 'aria-invalid': invalid, ...rest }: TimeFieldProps) {
  const [text, setText] = useState(value);
  const [problem, setProblem] = useState(false);
  const problemId = useId();
  // A value set from outside replaces the text (during render, as DateField does).
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    const typed = readTime(text);
    if ((value && value !== typed) || (!value && typed)) setText(value);
  }

  return (
    <>
      <input
        {...rest}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="hh:mm"
        maxLength={5}
        className={['flota-time-field', className].filter(Boolean).join(' ')}
        value={text}
        aria-invalid={invalid || problem}
        aria-describedby={[describedBy, problem ? problemId : undefined].filter(Boolean).join(' ') || undefined}
        onChange={(event) => {
          setText(event.target.value);
          const time = readTime(event.target.value) ?? '';
          if (time || !event.target.value.trim()) setProblem(false);
          if (time !== value) onValueChange(time);
        }}
        onBlur={(event) => {
          const time = readTime(text);
          setProblem(text.trim() !== '' && time === null);
          if (time) setText(time);
          onBlur?.(event);
        }}
      />
      {problem && (
        <span id={problemId} className="flota-date-field__problem">
          Escribe la hora como hh:mm, de 00:00 a 23:59.
        </span>
      )}
    </>
  );
}
