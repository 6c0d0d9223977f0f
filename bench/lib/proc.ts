/** CPU and RSS of processes, sampled from /proc (Linux). */
import fs from 'node:fs';

const TICKS_PER_SECOND = 100; // getconf CLK_TCK on Linux x86_64
const PAGE = 4096;

interface Raw {
  ticks: number;
  rssBytes: number;
}

function readStat(pid: number): Raw | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // comm may hold spaces/parens: fields start after the last ')'
    const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // rest[0] = state (field 3); utime = field 14, stime = field 15, rss = field 24
    const utime = Number(rest[11]);
    const stime = Number(rest[12]);
    const rss = Number(rest[21]);
    return { ticks: utime + stime, rssBytes: rss * PAGE };
  } catch {
    return null;
  }
}

/** CPU seconds a process has used so far (user + system), or null when it is gone. */
export function cpuSecondsOf(pid: number): number | null {
  const raw = readStat(pid);
  return raw ? raw.ticks / TICKS_PER_SECOND : null;
}

/** Pids of PostgreSQL server processes (the postmaster and its backends), to account the database's CPU. */
export function postgresPids(): number[] {
  const out: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const comm = fs.readFileSync(`/proc/${name}/comm`, 'utf8').trim();
      if (comm === 'postgres') out.push(Number(name));
    } catch {
      /* gone */
    }
  }
  return out;
}

export interface Sample {
  /** ms since sampler start */
  t: number;
  /** CPU use since the previous sample, in % of one core (200 = two cores busy) */
  cpu: number;
  rssMiB: number;
}

export interface UsageSummary {
  /** mean CPU over the window, % of one core */
  cpuMean: number;
  cpuMax: number;
  rssMaxMiB: number;
  rssEndMiB: number;
  /** CPU seconds used in the window */
  cpuSeconds: number;
}

/**
 * Samples a set of pids every `intervalMs` (CPU summed over them; RSS summed too).
 * `pids` is a function so that PostgreSQL backends that appear later are counted.
 */
export class ProcSampler {
  samples: Sample[] = [];
  private timer?: NodeJS.Timeout;
  private prev = new Map<number, number>();
  private prevT = 0;
  private t0 = 0;

  constructor(
    private readonly pids: () => number[],
    private readonly intervalMs = 500,
  ) {}

  start(): this {
    this.t0 = performance.now();
    this.prevT = this.t0;
    for (const pid of this.pids()) {
      const s = readStat(pid);
      if (s) this.prev.set(pid, s.ticks);
    }
    this.timer = setInterval(() => this.tick(), this.intervalMs);
    this.timer.unref();
    return this;
  }

  private tick() {
    const now = performance.now();
    let dTicks = 0;
    let rss = 0;
    const seen = new Map<number, number>();
    for (const pid of this.pids()) {
      const s = readStat(pid);
      if (!s) continue;
      const before = this.prev.get(pid);
      // A new backend's ticks before we first saw it are unknown; count from its first sample.
      if (before !== undefined) dTicks += s.ticks - before;
      seen.set(pid, s.ticks);
      rss += s.rssBytes;
    }
    const dt = (now - this.prevT) / 1000;
    this.prev = seen;
    this.prevT = now;
    this.samples.push({
      t: now - this.t0,
      cpu: dt > 0 ? (dTicks / TICKS_PER_SECOND / dt) * 100 : 0,
      rssMiB: rss / 1024 / 1024,
    });
  }

  /** Elapsed ms since start, for marking windows. */
  now(): number {
    return performance.now() - this.t0;
  }

  stop(): Sample[] {
    if (this.timer) clearInterval(this.timer);
    this.tick();
    return this.samples;
  }

  summary(fromMs = 0, toMs = Infinity): UsageSummary {
    const w = this.samples.filter((s) => s.t > fromMs && s.t <= toMs + this.intervalMs);
    if (w.length === 0) return { cpuMean: NaN, cpuMax: NaN, rssMaxMiB: NaN, rssEndMiB: NaN, cpuSeconds: 0 };
    let cpuSeconds = 0;
    let prevT = Math.max(fromMs, w[0].t - this.intervalMs);
    for (const s of w) {
      cpuSeconds += (s.cpu / 100) * ((s.t - prevT) / 1000);
      prevT = s.t;
    }
    const span = (w[w.length - 1].t - Math.max(fromMs, w[0].t - this.intervalMs)) / 1000;
    const r = (x: number) => Math.round(x * 10) / 10;
    return {
      cpuMean: r(span > 0 ? (cpuSeconds / span) * 100 : 0),
      cpuMax: r(Math.max(...w.map((s) => s.cpu))),
      rssMaxMiB: r(Math.max(...w.map((s) => s.rssMiB))),
      rssEndMiB: r(w[w.length - 1].rssMiB),
      cpuSeconds: r(cpuSeconds),
    };
  }
}
