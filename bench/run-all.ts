/**
 * Runs every benchmark in sequence and writes bench/results/*.json and bench/RESULTS.md.
 *   npm run bench               quick profile (< 10 min on 2 cores): exam rush with 1,000 students, short saturation steps
 *   BENCH_FULL=1 npm run bench  full sizes: exam rush with 10,000 students in real time (~20 min per database), longer steps
 * Env shared by all: BENCH_DBS=sqlite,postgres (PostgreSQL at BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres;
 * scratch databases bench_* are created and dropped). BENCH_ONLY=exam-rush,grading runs a subset.
 */
import os from 'node:os';
import { runChartArrival } from './chart-arrival';
import { runDataScale } from './data-scale';
import { runEventLoop } from './event-loop';
import { runExamStart } from './exam-start';
import { runExamRush } from './exam-rush';
import { runGrading } from './grading';
import { runMemorySoak } from './memory-soak';
import { runLighthouse } from './lighthouse';
import { machineLine } from './lib/machine';
import { PROFILE, writeResultsMd } from './lib/results';
import { runPages } from './pages';
import { runRestart } from './restart';
import { runSaturation } from './saturation';
import { runStackFloor } from './stack-floor';

const BENCHES: [string, () => Promise<void>][] = [
  ['exam-rush', runExamRush],
  ['saturation', runSaturation],
  ['grading', runGrading],
  ['event-loop', runEventLoop],
  ['data-scale', runDataScale],
  ['pages', runPages],
  ['exam-start', runExamStart],
  ['lighthouse', runLighthouse],
  ['stack-floor', runStackFloor],
  ['chart-arrival', runChartArrival],
  ['restart', runRestart],
  ['memory-soak', runMemorySoak],
];

async function main() {
  const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
  console.log(
    `Kelasku benchmarks, ${PROFILE} profile — ${machineLine()}; load average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
  const failed: string[] = [];
  const t0 = Date.now();
  for (const [name, run] of BENCHES) {
    if (only && !only.includes(name)) continue;
    const t = Date.now();
    console.log(`\n=== ${name} ===`);
    try {
      await run();
    } catch (e) {
      failed.push(name);
      console.error(`${name} failed:`, e);
    }
    console.log(`=== ${name}: ${Math.round((Date.now() - t) / 1000)} s ===`);
  }
  writeResultsMd();
  console.log(
    `\nDone in ${Math.round((Date.now() - t0) / 1000)} s → bench/RESULTS.md${failed.length ? `; FAILED: ${failed.join(', ')}` : ''}`,
  );
  process.exit(failed.length ? 1 : 0);
}

void main();
