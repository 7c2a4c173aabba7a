import { useState, type ChangeEvent } from 'react';
import { fieldErrors } from '../../../contract/api';
import { apiErrorMessage, apiFieldErrors } from '../../lib/apiError';

/** The result of a zod safeParse, whatever the schema. */
type Parsed<T> = { success: true; data: T } | { success: false; error: Parameters<typeof fieldErrors>[0] };

/**
 * State of a create/edit form: the typed values (kept as typed, whatever goes wrong), per-field
 * errors and the save error. `submit` shows the schema's messages and sends nothing when they
 * fail; otherwise it saves and, on failure, shows the server's text (or the fallback) and fields.
 */
export function useModalForm<Values extends Record<string, string>>(initial: Values, saveFallback: string) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');

  const change = (name: keyof Values) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));
  /** For a control that hands its value, not an event (DateField). */
  const set = (name: keyof Values) => (value: string) => setValues((current) => ({ ...current, [name]: value }));

  async function submit<T>(parsed: Parsed<T>, save: (data: T) => Promise<unknown>): Promise<boolean> {
    setFormError('');
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return false;
    }
    setErrors({});
    try {
      await save(parsed.data);
      return true;
    } catch (error) {
      setErrors(apiFieldErrors(error));
      setFormError(apiErrorMessage(error, saveFallback));
      return false;
    }
  }

  return { values, change, set, errors, formError, submit };
}
