/** The history filters as they travel in the URL (?driver_id=&start_date=&end_date=), and their validation. */
import { fieldErrors, historyQuerySchema } from '../../../contract/api';

export interface HistoryFilters {
  driver_id?: string;
  start_date?: string;
  end_date?: string;
}

const FILTER_KEYS = ['driver_id', 'start_date', 'end_date'] as const;

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
  return cleanFilters({
    driver_id: params.get('driver_id') ?? undefined,
    start_date: params.get('start_date') ?? undefined,
    end_date: params.get('end_date') ?? undefined,
  });
}

/** The URL query of some filters, keys always in the same order so equal filters give equal strings. */
export function filtersToSearchParams(filters: HistoryFilters): URLSearchParams {
  const clean = cleanFilters(filters);
  return new URLSearchParams(FILTER_KEYS.filter((key) => clean[key]).map((key) => [key, clean[key] as string]));
}

/** The contract's rules (the server applies the same): per-field Spanish texts, empty when valid. */
export function filterErrors(filters: HistoryFilters): Record<string, string> {
  const parsed = historyQuerySchema.safeParse(cleanFilters(filters));
  return parsed.success ? {} : fieldErrors(parsed.error);
}
