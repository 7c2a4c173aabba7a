/** Today as the ledger counts days: in the fleet's time zone (America/Santiago), whatever the browser's. */
export const FLEET_TIME_ZONE = 'America/Santiago';

export function fleetToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: FLEET_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The first day of a day's month. */
export const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
