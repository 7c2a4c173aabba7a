/** Today in the fleet's time zone (America/Santiago), whatever the browser's: the default date of a reading or a service. */
export function fleetToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
