/** Where a V8 CPU profile (.cpuprofile from node --cpu-prof) spends its time: self time by package/file and by function. */
import fs from 'node:fs';

export interface ProfileLine {
  percent: number;
  where: string;
}

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

function bucket(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : '(native/V8 builtins)';
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return `pkg ${nm[1]}`;
  if (url.startsWith('node:')) return `node ${url.slice(5).split('/')[0]}`;
  const src = /\/work\/main\/(.*)$/.exec(url.replace('file://', ''));
  return src ? `src ${src[1]}` : url;
}

/**
 * `lastSeconds`: count only the samples of the final seconds of the profile (the load phase; start-up — module
 * loading, schema compilation — comes before it).
 */
export function summarizeProfile(file: string, top = 12, lastSeconds?: number): ProfileLine[] {
  const prof = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    nodes: Node[];
    samples: number[];
    timeDeltas: number[];
    endTime: number;
    startTime: number;
  };
  const hitsOf = new Map<number, number>();
  let t = prof.startTime;
  const from = lastSeconds ? prof.endTime - lastSeconds * 1e6 : -Infinity;
  for (let i = 0; i < prof.samples.length; i++) {
    t += prof.timeDeltas[i];
    if (t >= from) hitsOf.set(prof.samples[i], (hitsOf.get(prof.samples[i]) ?? 0) + 1);
  }
  let total = 0;
  const byBucket = new Map<string, number>();
  const byFn = new Map<string, number>();
  for (const n of prof.nodes) {
    const hits = hitsOf.get(n.id) ?? 0;
    if (!hits) continue;
    total += hits;
    const b = bucket(n.callFrame.url, n.callFrame.functionName);
    byBucket.set(b, (byBucket.get(b) ?? 0) + hits);
    const short = n.callFrame.url
      ? `${n.callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/\/work\/main\//, '')}:${n.callFrame.lineNumber + 1}`
      : '';
    const f = `${n.callFrame.functionName || '(anonymous)'} ${short}`.trim();
    byFn.set(f, (byFn.get(f) ?? 0) + hits);
  }
  const rows = (m: Map<string, number>, prefix: string) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, v]) => ({ percent: (v / total) * 100, where: `${prefix}${k}` }));
  return [...rows(byBucket, 'Σ '), ...rows(byFn, 'fn ')];
}
