/**
 * "One device at a time": before an exam sheet is saved or beats, its device is recorded (lib/exam-presence.ts), and in
 * one-device mode a device other than the holder is refused while the holder is active. The exam of a sheet never
 * changes, so it is kept per node; the exam's mode is read again after a few seconds (another node may switch it).
 */
import { LEGACY_DEVICE, type ExamPresence } from '../lib/exam-presence';
import { DEVICE_ID_PATTERN, ONE_DEVICE_MODE_TRUSTED_MS } from '@kelasku/shared-rules';
import type { Db } from '../db/connect';
import { examOfSheet, oneDeviceOf } from './repo/exam-proctoring';
import { clash, invalid } from './errors';

export interface ProctorSettings {
  /** No save or heartbeat for this long: offline on the monitor. */
  offlineAfterMs: number;
  /** In one-device mode, a holder silent this long loses the sheet to another device. */
  deviceSilentMs: number;
}

const MAX_CACHED = 100_000;

/** The device a request names (header value), LEGACY_DEVICE when it names none; a malformed id is refused. */
export function deviceFrom(header: string | string[] | undefined): string {
  if (header === undefined || header === '') return LEGACY_DEVICE;
  if (typeof header !== 'string' || !DEVICE_ID_PATTERN.test(header)) {
    throw invalid('X-Kelasku-Device must be 8 to 64 letters, digits, "-" or "_"', { code: 'bad-request' });
  }
  return header;
}

export class DeviceGate {
  private readonly sheets = new Map<number, { examId: number; studentId: number }>();
  private readonly modes = new Map<number, { on: boolean; readAt: number }>();

  constructor(
    private readonly db: Db,
    readonly presence: ExamPresence,
    readonly settings: ProctorSettings,
  ) {}

  /** The exam and student of an exam sheet (undefined: no such sheet). */
  async sheet(sheetId: number) {
    let known = this.sheets.get(sheetId);
    if (!known) {
      known = await examOfSheet(this.db, sheetId);
      if (!known) return undefined;
      if (this.sheets.size >= MAX_CACHED) this.sheets.clear();
      this.sheets.set(sheetId, known);
    }
    return known;
  }

  async oneDevice(examId: number, nowMs = Date.now()): Promise<boolean> {
    const cached = this.modes.get(examId);
    if (cached && cached.readAt > nowMs - ONE_DEVICE_MODE_TRUSTED_MS) return cached.on;
    const on = await oneDeviceOf(this.db, examId);
    if (this.modes.size >= MAX_CACHED) this.modes.clear();
    this.modes.set(examId, { on, readAt: nowMs });
    return on;
  }

  /** This node switched the mode: no need to wait for the cache. */
  modeChanged(examId: number, on: boolean): void {
    this.modes.set(examId, { on, readAt: Date.now() });
  }

  /**
   * Records the device's activity on the student's own sheet and refuses (a conflict) a device other than the holder in
   * one-device mode. Another student's sheet is left alone (the save itself refuses it).
   */
  async admit(sheetId: number, studentId: number, device: string, beat: boolean): Promise<void> {
    const sheet = await this.sheet(sheetId);
    if (!sheet || sheet.studentId !== studentId) return;
    const nowMs = Date.now();
    const exclusive = await this.oneDevice(sheet.examId, nowMs);
    const { refused } = await this.presence.touch({
      sheetId,
      device,
      nowMs,
      beat,
      ...(exclusive ? { exclusiveMs: this.settings.deviceSilentMs } : {}),
    });
    if (refused) {
      throw clash('This exam is open on another device: ask the proctor to release it, or go on there', {
        code: 'exam-other-device',
      });
    }
  }
}
