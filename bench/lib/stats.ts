/** Latency recording per step, percentiles, rates. Latencies in milliseconds. */

export interface StepSummary {
  step: string;
  count: number;
  errors: number;
  /** requests per second over the step's active span (first start → last end) */
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
  /** error samples: status or message → count */
  errorKinds?: Record<string, number>;
}

export function percentile(sorted: Float64Array | number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx];
}

const round = (x: number, d = 2) => (Number.isFinite(x) ? Math.round(x * 10 ** d) / 10 ** d : x);

class Step {
  private values = new Float64Array(1024);
  count = 0;
  errors = 0;
  first = Infinity;
  last = -Infinity;
  errorKinds: Record<string, number> = {};

  add(startMs: number, endMs: number, ok: boolean, errorKind?: string) {
    if (this.count === this.values.length) {
      const bigger = new Float64Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.count++] = endMs - startMs;
    if (startMs < this.first) this.first = startMs;
    if (endMs > this.last) this.last = endMs;
    if (!ok) {
      this.errors++;
      const k = errorKind ?? 'error';
      this.errorKinds[k] = (this.errorKinds[k] ?? 0) + 1;
    }
  }

  summary(name: string): StepSummary {
    const v = this.values.slice(0, this.count).sort();
    let sum = 0;
    for (const x of v) sum += x;
    const span = (this.last - this.first) / 1000;
    return {
      step: name,
      count: this.count,
      errors: this.errors,
      rps: round(span > 0 ? this.count / span : this.count, 1),
      p50: round(percentile(v, 50)),
      p95: round(percentile(v, 95)),
      p99: round(percentile(v, 99)),
      max: round(v.length ? v[v.length - 1] : NaN),
      mean: round(this.count ? sum / this.count : NaN),
      ...(this.errors ? { errorKinds: this.errorKinds } : {}),
    };
  }
}

export class Recorder {
  private steps = new Map<string, Step>();

  add(step: string, startMs: number, endMs: number, ok: boolean, errorKind?: string) {
    let s = this.steps.get(step);
    if (!s) this.steps.set(step, (s = new Step()));
    s.add(startMs, endMs, ok, errorKind);
  }

  summaries(order?: string[]): StepSummary[] {
    const names = order
      ? [...order.filter((n) => this.steps.has(n)), ...[...this.steps.keys()].filter((n) => !order.includes(n))]
      : [...this.steps.keys()];
    return names.map((n) => this.steps.get(n)!.summary(n));
  }
}

export function fmtMs(x: number): string {
  return Number.isFinite(x) ? x.toFixed(x < 10 ? 2 : 1) : '–';
}
