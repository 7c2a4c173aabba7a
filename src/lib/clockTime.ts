/** A time of day as Chile writes it (es-CL, 24 h): 09:05, or 09:05:30 with seconds. In the browser's time zone. */
const hourMinute = new Intl.DateTimeFormat('es-CL', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const hourMinuteSecond = new Intl.DateTimeFormat('es-CL', { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

export function formatClockTime(iso: string, { seconds = false }: { seconds?: boolean } = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return (seconds ? hourMinuteSecond : hourMinute).format(date);
}
