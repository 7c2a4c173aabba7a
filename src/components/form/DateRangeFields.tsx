import { Field } from './Field';

interface Props {
  start: string;
  end: string;
  onStartChange: (value: string) => void;
  onEndChange: (value: string) => void;
  /** The filters' errors, by the query's names (start_date, end_date). */
  errors: { start_date?: string; end_date?: string };
}

/** Fecha Inicio and Fecha Fin of a filter bar: the end's picker starts no earlier than the start. */
export function DateRangeFields({ start, end, onStartChange, onEndChange, errors }: Props) {
  return (
    <>
      <Field label="Fecha Inicio" error={errors.start_date}>
        {(control) => <input {...control} type="date" value={start} onChange={(event) => onStartChange(event.target.value)} />}
      </Field>
      <Field label="Fecha Fin" error={errors.end_date}>
        {(control) => <input {...control} type="date" value={end} min={start || undefined} onChange={(event) => onEndChange(event.target.value)} />}
      </Field>
    </>
  );
}
