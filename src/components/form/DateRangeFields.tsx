import { DateField } from './DateField';
import { Field } from './Field';

interface Props {
  start: string;
  end: string;
  onStartChange: (value: string) => void;
  onEndChange: (value: string) => void;
  /** The filters' errors, by the query's names (start_date, end_date). */
  errors: { start_date?: string; end_date?: string };
}

/** Fecha Inicio and Fecha Fin of a filter bar: both typed dd/mm/aaaa (DateField); the filter's own check refuses an end before the start. */
export function DateRangeFields({ start, end, onStartChange, onEndChange, errors }: Props) {
  return (
    <>
      <Field label="Fecha Inicio" error={errors.start_date}>
        {(control) => <DateField {...control} value={start} onValueChange={onStartChange} />}
      </Field>
      <Field label="Fecha Fin" error={errors.end_date}>
        {(control) => <DateField {...control} value={end} onValueChange={onEndChange} />}
      </Field>
    </>
  );
}
