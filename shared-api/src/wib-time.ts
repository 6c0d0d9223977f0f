// Exam times are fixed to WIB (+07:00, Asia/Jakarta), whatever the browser's zone.
import { WIB_OFFSET_TEXT, wibIsoText } from '@kelasku/shared-rules';

/** 'YYYY-MM-DD' of the given instant in WIB. */
export function wibDate(at: Date = new Date()): string {
  return wibIsoText(at.getTime()).slice(0, 10);
}

/** 'HH:MM' of the given instant in WIB. */
export function wibTime(at: Date = new Date()): string {
  return wibIsoText(at.getTime()).slice(11, 16);
}

/** Combines a WIB date and wall-clock time into the API's form 'YYYY-MM-DDTHH:MM:00+07:00'. */
export function toWibIso(date: string, time: string): string {
  return `${date}T${time}:00${WIB_OFFSET_TEXT}`;
}

/** Splits an API time ('…+07:00') into its WIB date and time, whatever offset it was written with. */
export function fromWibIso(iso: string): { date: string; time: string } {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return { date: '', time: '' };
  return { date: wibDate(at), time: wibTime(at) };
}
