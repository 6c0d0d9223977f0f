/**
 * Western Indonesia Time (WIB), the zone of every time the product shows and of every exam window: UTC+7 all year
 * (Indonesia keeps no daylight saving), so a fixed offset is exact and needs no time-zone database.
 */
export const WIB_OFFSET_MS = 7 * 60 * 60 * 1000;

/** The same offset as RFC 3339 writes it after a WIB wall clock (`2025-06-29T08:00:00+07:00`). */
export const WIB_OFFSET_TEXT = '+07:00';

/** The WIB wall clock of an instant (epoch ms): month 0–11, weekday 0 = Sunday. */
export interface WibWallClock {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hours: number;
  minutes: number;
}

export function wibWallClock(epochMs: number): WibWallClock {
  const shifted = new Date(epochMs + WIB_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth(),
    day: shifted.getUTCDate(),
    weekday: shifted.getUTCDay(),
    hours: shifted.getUTCHours(),
    minutes: shifted.getUTCMinutes(),
  };
}

/** The WIB wall clock of an instant as `YYYY-MM-DDTHH:MM:SS` (no offset): slice it for the date, month or time. */
export function wibIsoText(epochMs: number): string {
  return new Date(epochMs + WIB_OFFSET_MS).toISOString().slice(0, 19);
}
