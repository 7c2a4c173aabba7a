/**
 * Calendar days in the fleet's zone (America/Santiago, the browser tests' zone too), for journeys
 * that must not depend on the day CI runs: the history fixture's shifts end yesterday and before
 * (the demo seed gives today no ended shift), so "this week" holds almost nothing on a Monday and
 * "this month" nothing on the 1st. A journey pins its period to the fixture's days instead.
 */
export const FLEET_ZONE = 'America/Santiago';

const isoDay = new Intl.DateTimeFormat('en-CA', { timeZone: FLEET_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** YYYY-MM-DD of `at` in the fleet's zone. */
export function fleetDay(at: Date): string {
  return isoDay.format(at);
}

/** YYYY-MM-DD `days` after (negative: before) `date`. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The Monday of the week (Monday to Sunday, as Reportes counts it) that holds `date`. */
export function mondayOf(date: string): string {
  const weekday = (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}

/** Minutes east of UTC of the fleet's zone at `at` (-180 in the Chilean summer). */
function zoneOffsetMinutes(at: Date): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: FLEET_ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The instant that reads `date` at `hh:mm` on a wall clock in the fleet's zone. */
export function fleetInstant(date: string, time: string): Date {
  const wall = Date.parse(`${date}T${time}:00Z`);
  let instant = wall - zoneOffsetMinutes(new Date(wall)) * 60_000;
  // Once more with the offset at the instant found (the guess may sit across a DST change).
  instant = wall - zoneOffsetMinutes(new Date(instant)) * 60_000;
  return new Date(instant);
}

/** The next Monday (strictly after today) and the next 1 January, both at 00:30 in the fleet's zone. */
export function awkwardMoments(now = new Date()): Array<{ name: string; at: Date }> {
  const today = fleetDay(now);
  const weekday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7;
  const monday = addDays(today, 7 - weekday);
  const newYear = `${Number(today.slice(0, 4)) + 1}-01-01`;
  return [
    { name: `lunes ${monday} 00:30`, at: fleetInstant(monday, '00:30') },
    { name: `1 de enero ${newYear.slice(0, 4)} 00:30`, at: fleetInstant(newYear, '00:30') },
  ];
}
