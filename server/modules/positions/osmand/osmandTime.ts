/**
 * The OsmAnd `timestamp` in every form real clients send (traccar.org/osmand): Unix seconds, Unix
 * milliseconds, ISO 8601, or `yyyy-MM-dd HH:mm:ss`. Like Traccar's decoder, a number below 2^31 is
 * seconds, anything larger milliseconds. The bare `yyyy-MM-dd HH:mm:ss` form carries no zone: it is
 * read as UTC (what Traccar does on a UTC server), since the devices that use it log GPS time.
 */
const INT_MAX = 2_147_483_647;
const PLAIN = /^(\d{4})-(\d{2})-(\d{2})[ ](\d{2}):(\d{2}):(\d{2})(\.\d+)?$/;
/** ISO 8601 with a date, a time and an explicit zone (Z or ±hh:mm); a zoneless one is read as UTC. */
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** The instant, or null when the text is none of the accepted forms or no real date. */
export function parseOsmandTime(raw: string): Date | null {
  const text = raw.trim();
  if (/^\d+(\.\d+)?$/.test(text)) {
    const value = Number(text);
    const ms = value < INT_MAX ? value * 1000 : value;
    return validDate(new Date(Math.round(ms)));
  }
  const plain = PLAIN.exec(text);
  if (plain) {
    const [, y, mo, d, h, mi, s, frac] = plain;
    const iso = `${y}-${mo}-${d}T${h}:${mi}:${s}${frac ?? ''}Z`;
    return realDay(y, mo, d) ? validDate(new Date(iso)) : null;
  }
  if (ISO.test(text)) {
    const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(text) ? text : `${text}Z`;
    return realDay(text.slice(0, 4), text.slice(5, 7), text.slice(8, 10)) ? validDate(new Date(zoned)) : null;
  }
  return null;
}

function validDate(date: Date): Date | null {
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 2026-02-30 is no date (JavaScript would roll it over to March). */
function realDay(y: string, mo: string, d: string): boolean {
  const check = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  return check.getUTCFullYear() === Number(y) && check.getUTCMonth() === Number(mo) - 1 && check.getUTCDate() === Number(d);
}
