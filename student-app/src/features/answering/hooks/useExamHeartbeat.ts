import { useEffect, useRef, useState } from 'react';
import { errorCode, examsApi } from '@kelasku/shared-api';
import { HEARTBEAT_AFTER_SECONDS } from '@kelasku/shared-rules';
import { useChanged } from '@kelasku/shared-ui/src/useChanged';
import type { QueueState } from '../answer-queue';

const CHECK_MS = 1000;
/** Near the end, beats come this often whatever the saves, so time the proctor adds at the last minute arrives. */
const NEAR_END_MS = 15_000;
const NEAR_END_EVERY_MS = 5_000;

/**
 * Tells the proctor's monitor that the exam page is open on this device: once when the sheet is open, then after
 * HEARTBEAT_AFTER_SECONDS without a save (a save already says so), and every few seconds near the end. Each reply
 * carries the student's own end (`onEnd`: extra minutes from the proctor). Answers whether the server refused this device.
 */
export function useExamHeartbeat({
  sheetId,
  queueState,
  active,
  endMs,
  onEnd,
}: {
  sheetId: number | null;
  queueState: QueueState;
  active: boolean;
  endMs: number | null;
  onEnd: (endTime: string) => void;
}): { otherDevice: boolean; endChecked: boolean } {
  const [otherDevice, setOtherDevice] = useState(false);
  // The first heartbeat has answered (or failed): the end the page knows is the student's own from then on.
  const [endChecked, setEndChecked] = useState(false);
  const lastActivity = useRef(0);
  const lastBeat = useRef(0);
  const latest = useRef({ endMs, onEnd });
  useEffect(() => {
    latest.current = { endMs, onEnd };
  }, [endMs, onEnd]);
  useEffect(() => {
    if (queueState.kind === 'saving' || queueState.kind === 'saved') lastActivity.current = Date.now();
  }, [queueState]);
  // A save went through: this device is the one answering.
  if (useChanged(queueState) && queueState.kind === 'saved') setOtherDevice(false);
  useEffect(() => {
    if (!active || sheetId === null) return undefined;
    let live = true;
    const beat = () => {
      const now = Date.now();
      const { endMs: end } = latest.current;
      const quiet = now - Math.max(lastActivity.current, lastBeat.current) >= HEARTBEAT_AFTER_SECONDS * 1000;
      const nearEnd = end !== null && end - now <= NEAR_END_MS && now - lastBeat.current >= NEAR_END_EVERY_MS;
      if (!quiet && !nearEnd) return;
      lastBeat.current = now;
      examsApi.heartbeat(sheetId).then(
        (reply) => {
          if (!live) return;
          setOtherDevice(false);
          latest.current.onEnd(reply.end_time);
          setEndChecked(true);
        },
        (err: unknown) => {
          if (!live) return;
          // A refused device never submits the sheet another device holds: it waits (its answers kept) instead.
          if (errorCode(err) === 'exam-other-device') setOtherDevice(true);
          else setEndChecked(true);
        },
      );
    };
    beat(); // the sheet is open on this device now
    const timer = setInterval(beat, CHECK_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [active, sheetId]);
  return { otherDevice, endChecked };
}
