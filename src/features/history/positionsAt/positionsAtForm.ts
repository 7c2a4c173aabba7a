/** "¿Dónde estaba cada taxi?": the picked local date and time as the instant the server is asked about. */

export interface MomentFields {
  date: string;
  time: string;
}

/** The fields' first values: an hour ago, in the browser's time zone, to the minute. */
export function defaultMoment(now: Date = new Date()): MomentFields {
  const then = new Date(now.getTime() - 3_600_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return { date: `${then.getFullYear()}-${pad(then.getMonth() + 1)}-${pad(then.getDate())}`, time: `${pad(then.getHours())}:${pad(then.getMinutes())}` };
}

/** The instant, or the Spanish reason it is not one (blank, malformed, in the future). */
export function momentToIso(fields: MomentFields, now: Date = new Date()): { iso: string } | { error: string } {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(fields.date) || !/^\d{2}:\d{2}$/.test(fields.time)) return { error: 'Elige una fecha y una hora' };
  // Without a zone, a date and time are read in the browser's own zone: the hour the person means.
  const moment = new Date(`${fields.date}T${fields.time}:00`);
  if (Number.isNaN(moment.getTime())) return { error: 'Fecha u hora inválida' };
  if (moment.getTime() > now.getTime()) return { error: 'Elige un momento que ya pasó' };
  return { iso: moment.toISOString() };
}
