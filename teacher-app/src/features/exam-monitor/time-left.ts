/** What the monitor shows as time left: whole minutes and seconds until `endIso`, '0:00' once past. */
export function timeLeft(endIso: string, nowMs: number): string {
  const left = Math.max(0, Date.parse(endIso) - nowMs);
  const totalSeconds = Math.floor(left / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = String(totalSeconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
