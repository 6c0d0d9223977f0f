import { useEffect, useState } from 'react';
import type { Exam } from '@kelasku/shared-api';
import { examStatusAt, type ExamStatus } from '@kelasku/shared-rules';

/** Where `now` (server time) falls in the exam window, by the server's own rule: open in [start, end]. */
export function windowPhase(exam: Pick<Exam, 'start_time' | 'end_time'>, now: number): ExamStatus {
  return examStatusAt(Date.parse(exam.start_time), Date.parse(exam.end_time), now);
}

/** 'HH:MM:SS', with days in front past 24 hours ('2d 03:04:05'). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${pad(Math.floor((total % 86400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}

/** Difference between the server's clock and this device's, from the exam's `server_time` (phones' clocks drift). */
export function clockOffset(serverTime: string | undefined, receivedAt: number): number {
  const server = serverTime ? Date.parse(serverTime) : NaN;
  return Number.isNaN(server) ? 0 : server - receivedAt;
}

/** The server's current time, re-rendering every second (read at render time, so a new offset applies at once). */
export function useServerNow(offset: number, intervalMs = 1000): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((t) => t + 1), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  // eslint-disable-next-line react-hooks/purity -- on purpose: the render the exam arrives with counts from now, not the last tick
  return Date.now() + offset;
}
