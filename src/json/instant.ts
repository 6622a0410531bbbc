/** An RFC 3339 date-time: its date, time, fraction of a second and offset (`Z`, or `±hh:mm`), any letter case. */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?([Zz]|[+-]\d{2}:\d{2})$/;

/**
 * Whether two RFC 3339 date-times (JSON Schema's `date-time`) name the same instant, exactly: `2024-01-01T00:00:00Z`,
 * `2024-01-01T00:00:00.000000Z` and `2024-01-01T01:00:00+01:00` do, as a server that stores a timestamp and writes it
 * back in its own form shows it (pydantic's microseconds, Jackson's offset); one with a fraction of a second cut off
 * does not. False when either is no date-time.
 */
export function sameInstant(a: string, b: string): boolean {
  const x = instantOf(a);
  const y = instantOf(b);
  return x !== undefined && y !== undefined && x.seconds === y.seconds && x.fraction === y.fraction;
}

/** The whole seconds since the epoch and the fraction's digits (without trailing zeros) of a date-time. */
function instantOf(text: string): { readonly seconds: number; readonly fraction: string } | undefined {
  const m = DATE_TIME.exec(text);
  if (!m) return undefined;
  const [, year, month, day, hour, minute, second, fraction = '', offset = 'Z'] = m;
  const local = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)) / 1000;
  const [sign, hours = '0', minutes = '0'] = /^[Zz]$/.test(offset) ? ['+'] : [offset[0], offset.slice(1, 3), offset.slice(4, 6)];
  const shift = (Number(hours) * 3600 + Number(minutes) * 60) * (sign === '-' ? -1 : 1);
  return Number.isFinite(local) ? { seconds: local - shift, fraction: fraction.replace(/0+$/, '') } : undefined;
}
