/** WIB (UTC+7) wall clock helpers for exam windows. */
const WIB_OFFSET_MS = 7 * 3600_000;

const pad = (n: number) => String(n).padStart(2, '0');

/** Today's WIB date and a window [start, end] (HH:MM, WIB) on it that contains the present minute. */
export function openWindowNow(now: Date = new Date()): { date: string; start: string; end: string } {
  const wib = new Date(now.getTime() + WIB_OFFSET_MS);
  const date = `${wib.getUTCFullYear()}-${pad(wib.getUTCMonth() + 1)}-${pad(wib.getUTCDate())}`;
  const minutes = wib.getUTCHours() * 60 + wib.getUTCMinutes();
  const start = Math.max(0, minutes - 60);
  const end = Math.min(23 * 60 + 59, minutes + 120);
  const hm = (m: number) => `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
  return { date, start: hm(start), end: hm(end) };
}

/** 'YYYY-MM-DDTHH:MM:00+07:00' */
export function wibIso(date: string, time: string): string {
  return `${date}T${time}:00+07:00`;
}
