/**
 * The live exam monitor's timings and names, shared by the student's exam page (when it sends a heartbeat, which device
 * it is), the server (when a student counts as offline, when a silent device loses the sheet) and the proctor's screen.
 */

/** The student's page sends a heartbeat after this many seconds without a save. */
export const HEARTBEAT_AFTER_SECONDS = 15;
/** Default: a student with no save or heartbeat for this long shows as offline (EXAM_OFFLINE_AFTER_SECONDS). */
export const OFFLINE_AFTER_SECONDS = 60;
/** Default: in one-device mode, a device silent this long loses the sheet to another (EXAM_DEVICE_SILENT_SECONDS). */
export const DEVICE_SILENT_SECONDS = 120;
/**
 * How long an API node trusts the one-device mode it last read before reading it again: a switch by the proctor
 * applies on every node within this time (server/src/domain/device-gate.ts).
 */
export const ONE_DEVICE_MODE_TRUSTED_MS = 2_000;
/** The proctor's screen reads again at most this often. */
export const MONITOR_REFRESH_MS = 4_000;

/** The request header naming the browser's device (a random id kept per browser). */
export const DEVICE_HEADER = 'X-Kelasku-Device';
/** What a device id looks like: the browser makes 22 url-safe characters; 8–64 are accepted. */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export type MonitorStatus = 'not-started' | 'answering' | 'offline' | 'submitted';

/** A student's status on the monitor from their sheet and their last activity (epoch ms). */
export function monitorStatus(
  sheet: { status: 'Active' | 'Inactive' } | null,
  lastActivityMs: number | null,
  nowMs: number,
  offlineAfterMs: number,
): MonitorStatus {
  if (!sheet) return 'not-started';
  if (sheet.status === 'Inactive') return 'submitted';
  if (lastActivityMs === null || lastActivityMs < nowMs - offlineAfterMs) return 'offline';
  return 'answering';
}
