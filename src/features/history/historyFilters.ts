/** The history filters as they travel in the URL (?driver_id=&vehicle_id=&start_date=&end_date=), and their validation. */
import { fieldErrors, historyQuerySchema } from '../../../contract/api';

export interface HistoryFilters {
  driver_id?: string;
  vehicle_id?: string;
  start_date?: string;
  end_date?: string;
}

const FILTER_KEYS = ['driver_id', 'vehicle_id', 'start_date', 'end_date'] as const;

/** Only the filters that have a value: an empty one is left out (also from the request). */
export function cleanFilters(filters: HistoryFilters): HistoryFilters {
  const clean: HistoryFilters = {};
  for (const key of FILTER_KEYS) {
    const value = filters[key]?.trim();
    if (value) clean[key] = value;
  }
  return clean;
}

export function filtersFromSearchParams(params: URLSearchParams): HistoryFilters {
  return cleanFilters(Object.fromEntries(FILTER_KEYS.map((key) => [key, params.get(key) ?? undefined])));
}

/** The URL query of some filters, keys always in the same order so equal filters give equal strings. */
export function filtersToSearchParams(filters: HistoryFilters): URLSearchParams {
  const clean = cleanFilters(filters);
  return new URLSearchParams(FILTER_KEYS.filter((key) => clean[key]).map((key) => [key, clean[key] as string]));
}

/** An id as the server accepts it: a positive integer written in digits. */
const isId = (value: string) => /^[1-9]\d{0,9}$/.test(value);

/** The contract's rules (the server applies the same): per-field Spanish texts, empty when valid. */
export function filterErrors(filters: HistoryFilters): Record<string, string> {
  const clean = cleanFilters(filters);
  const parsed = historyQuerySchema.safeParse(clean);
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  if (clean.vehicle_id && !isId(clean.vehicle_id)) errors.vehicle_id = 'Vehículo inválido';
  return errors;
}
