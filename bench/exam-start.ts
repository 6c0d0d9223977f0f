/**
 * Cold exam start: the first question of a 50-question exam with images is interactive
 * ≤ 400 ms after navigation with an empty cache, ≤ 200 ms warm, on localhost.
 *
 * "Interactive" = an enabled answer option of question 1 is in the DOM, on the page's own clock (ms since navigation
 * start, noted by a MutationObserver installed before the page's scripts: pages.ts RECORD_FIRST_OPTION_IN_PAGE); the
 * test then clicks it and notes when it shows checked (round trips of driving the browser included).
 *   cold:   a fresh browser profile (no HTTP cache, no service worker) opens /MyExams?class_id=…;
 *   warm:   the same profile opens the same address again (HTTP cache, service worker and V8 code cache filled);
 *   reload: then reloads it.
 * Bare twin: a static page (served by the test, same origin) that reads the token, GETs /exams?class_id, renders
 * question 1 (picture, text, four radios) — the floor set by the network and the server for the same data.
 * One more traced cold and warm load (not counted) gives the main thread's busy time by script and by kind of work.
 * Needs `npm run build`. Env: BENCH_EXAM_START_REPEAT (default 7); BENCH_EXAM_START_NETWORK (below); STATIC_DIR as in pages.ts.
 * A/B of builds: `BENCH_EXAM_START_AB=before=/tmp/a,after=/tmp/b npx tsx exam-start.ts` (each folder holding
 * <app>/dist) serves them side by side and measures them in turns (BENCH_EXAM_START_ROUNDS, default 4, of REPEAT
 * loads each), so load on the machine hits all alike; writes results/exam-start-ab.json (its own RESULTS.md section).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM, launch, SLOW_4G } from './lib/browser';
import { isMain, saveResult, table } from './lib/results';
import { startServer } from './lib/server';
import { firstOptionInPage, missingBuilds, prepareExam, signedInContext, timeline, type TimelineEntry } from './pages';

const REPEAT = Number(process.env.BENCH_EXAM_START_REPEAT ?? 7);
/**
 * BENCH_EXAM_START_RESULT names the A/B's result file (default exam-start-ab).
 * BENCH_EXAM_START_NETWORK=slow4g: every page of `measure` behind DevTools' network throttling with Lighthouse's
 * mobile figures (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up), where a request chain costs what it does on
 * a phone; on plain localhost the load is bound by the CPU instead.
 */
const NETWORK = process.env.BENCH_EXAM_START_NETWORK === 'slow4g' ? SLOW_4G : undefined;
const TARGET = { cold: 400, warm: 200 };
const STATIC_DIR = path.resolve(__dirname, '..', process.env.STATIC_DIR || '.');

export type Mode = 'cold' | 'warm' | 'reload';
interface Run {
  /** Page clock: ms from navigation start until an enabled option was in the DOM. */
  inPage: number;
  /** Test clock: from asking for the navigation until the clicked option showed checked. */
  answered: number;
}

/** The bare twin: the same data, no framework, no app code. Sends the token as the app does. */
const BARE_PATH = '/__bench-bare-exam';
export const BARE_HTML = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head><body><main id="q">Loading…</main>
<script>
(async () => {
  const classId = new URLSearchParams(location.search).get('class_id');
  const res = await fetch('/api/v1/exams?class_id=' + classId, { headers: { Authorization: localStorage.getItem('token') } });
  const exam = (await res.json())[0];
  const c = exam.content;
  const main = document.getElementById('q');
  main.textContent = '';
  if (c['1_pict']) { const img = document.createElement('img'); img.src = c['1_pict']; img.loading = 'lazy'; main.append(img); }
  const p = document.createElement('p'); p.textContent = c['1']; main.append(p);
  for (const l of ['a', 'b', 'c', 'd']) {
    const label = document.createElement('label');
    const input = document.createElement('input'); input.type = 'radio'; input.name = 'q1'; input.value = l;
    label.append(input, ' ' + l.toUpperCase() + '. ' + c['1_' + l]);
    main.append(label);
  }
})();
</script></body></html>`;

async function openAndAnswer(page: Page, url: string, how: 'goto' | 'reload'): Promise<Run> {
  const t = performance.now();
  if (how === 'reload') await page.reload({ waitUntil: 'commit' });
  else await page.goto(url, { waitUntil: 'commit' });
  const option = page.getByRole('radio').first();
  await option.waitFor({ state: 'visible', timeout: 60_000 });
  while (!(await option.isEnabled())) await page.waitForTimeout(5);
  await option.check();
  const answered = Math.round(performance.now() - t);
  return { inPage: await firstOptionInPage(page), answered };
}

/** Lets the page finish what it started (sheet created, answer saved, service worker installed) before the next load. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(300);
}

export async function measure(
  browser: Browser,
  url: string,
  examUrl: string,
  bare: boolean,
  repeat = REPEAT,
): Promise<Record<Mode, Run[]>> {
  const runs: Record<Mode, Run[]> = { cold: [], warm: [], reload: [] };
  for (let i = 0; i < repeat; i++) {
    const ctx = await signedInContext(browser, url);
    if (bare)
      await ctx.route(`${url}${BARE_PATH}*`, (route) => route.fulfill({ contentType: 'text/html', body: BARE_HTML }));
    const page = await ctx.newPage();
    if (NETWORK) await (await ctx.newCDPSession(page)).send('Network.emulateNetworkConditions', NETWORK);
    runs.cold.push(await openAndAnswer(page, examUrl, 'goto'));
    await settle(page);
    runs.warm.push(await openAndAnswer(page, examUrl, 'goto'));
    await settle(page);
    runs.reload.push(await openAndAnswer(page, examUrl, 'reload'));
    await ctx.close();
  }
  return runs;
}

/** Main-thread time of one load, by what it was spent on (self time of trace events, ms). */
interface MainThread {
  windowMs: number;
  busyMs: number;
  byKind: [string, number][];
  /** CPU profile samples on the main thread, by the script file of the running function (self time). */
  byScript: [string, number][];
  /** The same samples by function (name and file): tells React's work, emotion's styles and app code apart. */
  byFunction: [string, number][];
}

interface ProfileNode {
  id: number;
  callFrame: { url: string; functionName: string };
}
interface ProfileData {
  startTime?: number;
  cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
  timeDeltas?: number[];
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { name?: string; data?: { url?: string } & ProfileData };
}

const KINDS: Record<string, string> = {
  EvaluateScript: 'script',
  FunctionCall: 'script',
  'v8.compile': 'script compile',
  'v8.compileModule': 'script compile',
  'V8.CompileCode': 'script compile',
  'v8.parseOnBackground': 'script compile',
  TimerFire: 'script',
  FireAnimationFrame: 'script',
  EventDispatch: 'script',
  RunMicrotasks: 'script',
  'v8.run': 'script',
  V8Execute: 'script',
  ParseHTML: 'parse HTML',
  ParseAuthorStyleSheet: 'style',
  UpdateLayoutTree: 'style',
  RecalculateStyles: 'style',
  Layout: 'layout',
  UpdateLayerTree: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  CompositeLayers: 'paint',
  Layerize: 'paint',
  MajorGC: 'GC',
  MinorGC: 'GC',
  'V8.GC_SCAVENGER': 'GC',
  BlinkGC: 'GC',
  ResourceSendRequest: 'network glue',
  ResourceReceiveResponse: 'network glue',
  ResourceReceivedData: 'network glue',
  ResourceFinish: 'network glue',
  'Decode Image': 'images',
  ImageDecodeTask: 'images',
};

export function mainThreadOf(trace: { traceEvents: TraceEvent[] }, origin: string, untilMs: number): MainThread {
  const events = trace.traceEvents;
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  // The renderer that ran the app: the main thread that evaluated a script of our origin.
  const main = mains.find((m) =>
    events.some(
      (e) => e.pid === m.pid && e.tid === m.tid && e.name === 'EvaluateScript' && e.args?.data?.url?.startsWith(origin),
    ),
  );
  if (!main) throw new Error('no renderer main thread ran the app');
  const nav =
    events.filter((e) => e.pid === main.pid && e.name === 'navigationStart').sort((a, b) => b.ts - a.ts)[0] ??
    events.filter((e) => e.pid === main.pid && e.tid === main.tid).sort((a, b) => a.ts - b.ts)[0];
  const from = nav.ts;
  const to = from + untilMs * 1000;
  const slices = events
    .filter(
      (e) =>
        e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined && e.ts >= from && e.ts < to,
    )
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  // Self time: each slice minus its children (slices nest on one thread); the kind comes from the slice or its
  // nearest ancestor that has one.
  const kind = new Map<string, number>();
  const script = new Map<string, number>();
  const add = (m: Map<string, number>, k: string, us: number) => m.set(k, (m.get(k) ?? 0) + us);
  const stack: { end: number; self: number; label: string }[] = [];
  const close = () => {
    const s = stack.pop()!;
    add(kind, s.label, s.self);
  };
  let busy = 0;
  for (const e of slices) {
    const end = Math.min(e.ts + (e.dur ?? 0), to);
    while (stack.length && stack[stack.length - 1].end <= e.ts) close();
    const parent = stack[stack.length - 1];
    if (parent) parent.self -= end - e.ts;
    else busy += end - e.ts;
    stack.push({ end, self: end - e.ts, label: KINDS[e.name] ?? parent?.label ?? 'other' });
  }
  while (stack.length) close();

  // The sampling profiler's view (self time of the running function, by its file): unlike trace slices, which name
  // only the script a task entered (React's scheduler, for all rendering), it tells React, MUI and app code apart.
  // (The profile's chunks are written from the profiler's own thread of the renderer.)
  const chunks = events.filter((e) => e.pid === main.pid && (e.name === 'Profile' || e.name === 'ProfileChunk'));
  const label = new Map<number, string>();
  const fnLabel = new Map<number, string>();
  const fn = new Map<string, number>();
  const clock = new Map<string | undefined, number>();
  for (const e of chunks.sort((a, b) => a.ts - b.ts)) {
    const data = e.args?.data ?? {};
    if (e.name === 'Profile') clock.set(e.id, data.startTime ?? e.ts);
    for (const n of data.cpuProfile?.nodes ?? []) {
      const url = n.callFrame.url;
      label.set(
        n.id,
        /^https?:/.test(url)
          ? new URL(url).pathname.replace(/\.[0-9a-f]{8}\.js$/, '.js')
          : n.callFrame.functionName.startsWith('(')
            ? n.callFrame.functionName
            : '(native)',
      );
      fnLabel.set(n.id, `${n.callFrame.functionName || '(anonymous)'} ${label.get(n.id)}`);
    }
    let t = clock.get(e.id) ?? e.ts;
    (data.cpuProfile?.samples ?? []).forEach((node, i) => {
      const delta = data.timeDeltas?.[i] ?? 0;
      t += delta;
      if (t < from || t >= to || label.get(node) === '(idle)') return;
      add(script, label.get(node) ?? '(native)', delta);
      add(fn, fnLabel.get(node) ?? '(native)', delta);
    });
    clock.set(e.id, t);
  }
  const ms = (m: Map<string, number>) =>
    [...m.entries()].map(([k, v]) => [k, Math.round(v / 100) / 10] as [string, number]).sort((a, b) => b[1] - a[1]);
  return {
    windowMs: untilMs,
    busyMs: Math.round(busy / 1000),
    byKind: ms(kind),
    byScript: ms(script).slice(0, 12),
    byFunction: ms(fn).slice(0, 12),
  };
}

/** One traced cold load and one traced warm load of the app (not counted in the figures). */
async function traced(
  browser: Browser,
  url: string,
  examUrl: string,
): Promise<{ mode: Mode; main: MainThread; waterfall: TimelineEntry[] }[]> {
  const ctx = await signedInContext(browser, url);
  const page = await ctx.newPage();
  const out: { mode: Mode; main: MainThread; waterfall: TimelineEntry[] }[] = [];
  for (const mode of ['cold', 'warm'] as const) {
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8',
        'v8.execute',
        'blink.user_timing',
        'loading',
        'toplevel',
        'disabled-by-default-v8.cpu_profiler',
      ],
    });
    const run = await openAndAnswer(page, examUrl, 'goto');
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    out.push({ mode, main: mainThreadOf(trace, new URL(url).origin, run.inPage), waterfall: await timeline(page) });
    await settle(page);
  }
  await ctx.close();
  return out;
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

/** What the student app does for this target, and what the tables show is left (kept with the figures in RESULTS.md). */
const NOTES = [
  '**What the student app does** (student-app/src/App.tsx, features/answering/): the exam JSON holds picture URLs, not',
  'base64 (the size above); only the current question is rendered, the number grid follows in a background render;',
  'pictures load lazily, the next one is fetched once a question is shown; question 1 takes answers before the answer',
  'sheet is fetched or created. Since this bench was written (2026-11-26): every screen of the remote is code-split, the dashboard too,',
  "so on an exam address the remote's App needs no files of its own and the exam request and the exam screen's code",
  "start as soon as App runs, instead of after the dashboard's files; the exam request goes out before the screen's",
  'code (a browser opens 6 connections per server over HTTP/1.1, and dozens of small chunks queue on them); the exam',
  'screen shows question 1 in its first render when the exam has already arrived, instead of a loading state and a',
  'second render. Before → after, as A/B runs of the two student-app builds with the same shell build (the shell of',
  '10:01 that day, before it moved MUI into one chunk), 18 loads per build, load average 8–11 on 2 cores: first run',
  'cold 1386 → 1148 ms, warm 540 → 520, reload 376 → 343; second run (the A/B section below) cold 1218 → 1224, warm',
  "561 → 524, reload 322 → 315. Warm loads gained a little both times; the cold gain is within this machine's noise.",
  'The bare twin shows how much of each load is the app: the same data on the same server is on screen in ~130 ms cold.',
  '',
  '**Where the rest goes** (waterfalls below): before any student-app code runs, the shell loads index.html → main.js →',
  'its chunks → the signed-in part with its MUI components (each shared component is a file of its own) →',
  "/remotes.json → the remote's mf-manifest.json → remoteEntry.js; only then the exam screen's chunks and the exam",
  'request. On a warm load the fixed-name files (index.html, main.js, /remotes.json, mf-manifest.json, remoteEntry.js)',
  'are network-first in the service worker, so that chain still waits on the server at each step, and the first load',
  "through the service worker also copies every file into its cache. Since 2026-11-27 the shell preloads the remote's",
  'remoteEntry.js and App file from the first paint on (shell/src/app/remote-prefetch.ts) and React, React DOM and',
  'i18next come in one chunk; the section "First screens and exam start, 2026-11-27" has the A/B figures.',
  '',
];

export async function runExamStart(): Promise<void> {
  const missing = missingBuilds();
  const started = new Date().toISOString();
  if (missing.length || !fs.existsSync(CHROMIUM)) {
    const why = missing.length
      ? `production build missing for ${missing.join(', ')} (run \`npm run build\`)`
      : `Chromium not found at ${CHROMIUM}`;
    saveResult({
      name: 'exam-start',
      title: 'Exam start',
      startedAt: started,
      markdown: `## Exam start\n\n**Not measured:** ${why}.`,
      data: { skipped: why },
    });
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-exam-start-'));
  const server = await startServer({
    port: 3863,
    kind: 'sqlite',
    dataDir,
    env: { SEED_DEMO: '1', EXAM_AUTO_SUBMIT: '0', STATIC_DIR },
  });
  const browser = await launch();
  let app: Record<Mode, Run[]> | undefined;
  let bare: Record<Mode, Run[]> | undefined;
  let profile: Awaited<ReturnType<typeof traced>> = [];
  let examInfo: Awaited<ReturnType<typeof prepareExam>> | undefined;
  let error: string | undefined;
  try {
    examInfo = await prepareExam(server.url, dataDir);
    const query = `?class_id=${examInfo.classId}`;
    app = await measure(browser, server.url, `${server.url}/MyExams${query}`, false);
    bare = await measure(browser, server.url, `${server.url}${BARE_PATH}${query}`, true);
    profile = await traced(browser, server.url, `${server.url}/MyExams${query}`);
  } catch (e) {
    error = (e as Error).stack ?? String(e);
    console.error(`[exam-start] ${error}\n${server.logTail()}`);
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const md = [
    `## Exam start — first question of a 50-question exam with images interactive after navigation (\`exam-start.ts\`), median of ${REPEAT}`,
    '',
  ];
  if (app && bare && examInfo) {
    const row = (mode: Mode, label: string) => {
      const target = mode === 'cold' ? TARGET.cold : TARGET.warm;
      const m = median(app[mode].map((r) => r.inPage));
      return [
        label,
        `${m}${m <= target ? ` ✅ (≤ ${target})` : ` ❌ (target ≤ ${target})`}`,
        app[mode].map((r) => r.inPage).join(', '),
        median(app[mode].map((r) => r.answered)),
        median(bare[mode].map((r) => r.inPage)),
        bare[mode].map((r) => r.inPage).join(', '),
      ];
    };
    md.push(
      `Exam: ${(examInfo.savedBytes / 1024).toFixed(0)} KB of content as served (pictures are separate /api/v1/images/ files). 360×740 phone viewport, no throttling, localhost.`,
      '',
      table(
        [
          'load',
          'app: enabled option in the DOM (ms since navigation start)',
          'all runs',
          'app: option clicked and checked, test clock (ms)',
          'bare twin (ms)',
          'bare: all runs',
        ],
        [
          row('cold', 'cold (fresh profile, empty cache)'),
          row('warm', 'warm: same profile, opened again (first page load through the service worker)'),
          row('reload', 'warm: then reloaded'),
        ],
      ),
      '',
    );
  }
  md.push(...NOTES);
  for (const p of profile) {
    md.push(
      `### Where a ${p.mode} load's ${p.main.windowMs} ms go (one traced run, not counted above; the trace itself slows it a little)`,
      '',
      `Main thread busy ${p.main.busyMs} ms of ${p.main.windowMs} ms (the rest it waits for the network). By kind: ${p.main.byKind.map(([k, v]) => `${k} ${v}`).join(', ')} (ms, self time).`,
      '',
      `CPU profile, self time by script file (ms; (program) is the browser's own work): ${p.main.byScript.map(([k, v]) => `${k} ${v}`).join(', ')}.`,
      '',
      `By function: ${p.main.byFunction.map(([k, v]) => `${k} ${v}`).join(', ')}.`,
      '',
      table(
        ['request (pictures left out)', 'start (ms)', 'end (ms)'],
        p.waterfall.filter((e) => !e.what.startsWith('/api/v1/images/')).map((e) => [e.what, e.start, e.end]),
      ),
      '',
    );
  }
  if (error) md.push(`**Error:** \`${error.split('\n')[0]}\``, '');
  saveResult({
    name: 'exam-start',
    title: 'Exam start',
    startedAt: started,
    markdown: md.join('\n'),
    data: { app, bare, profile, examInfo, error },
  });
}

/** Two builds served side by side, measured in alternating rounds (see the header). */
async function abRun(labelled: string[]): Promise<void> {
  const rounds = Number(process.env.BENCH_EXAM_START_ROUNDS ?? 4);
  const started = new Date().toISOString();
  const browser = await launch();
  const builds: {
    label: string;
    dir: string;
    url: string;
    classId: number;
    dataDir: string;
    stop: () => Promise<void>;
    inPage: Record<Mode, number[]>;
  }[] = [];
  try {
    for (const [i, entry] of labelled.entries()) {
      const [label, dir] = entry.includes('=') ? entry.split('=') : [entry, entry];
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-exam-start-ab-'));
      const server = await startServer({
        port: 3864 + i,
        kind: 'sqlite',
        dataDir,
        env: { SEED_DEMO: '1', EXAM_AUTO_SUBMIT: '0', STATIC_DIR: dir },
      });
      builds.push({
        label,
        dir,
        url: server.url,
        dataDir,
        stop: () => server.stop(),
        classId: (await prepareExam(server.url, dataDir)).classId,
        inPage: { cold: [], warm: [], reload: [] },
      });
    }
    for (let r = 0; r < rounds; r++) {
      for (const b of r % 2 ? [...builds].reverse() : builds) {
        const runs = await measure(browser, b.url, `${b.url}/MyExams?class_id=${b.classId}`, false);
        for (const mode of ['cold', 'warm', 'reload'] as const) b.inPage[mode].push(...runs[mode].map((x) => x.inPage));
        console.log(`round ${r + 1} ${b.label}: ${JSON.stringify(runs)}; load ${os.loadavg()[0].toFixed(1)}`);
      }
    }
  } finally {
    await browser.close();
    for (const b of builds) {
      await b.stop();
      fs.rmSync(b.dataDir, { recursive: true, force: true });
    }
  }
  const md = [
    `## Exam start, A/B of builds${NETWORK ? ' behind slow-4G throttling (150 ms round trip, 1.6 Mbit/s)' : ''} — served side by side, measured in ${rounds} alternating rounds of ${REPEAT} (\`exam-start.ts\`, \`BENCH_EXAM_START_AB\`)`,
    '',
    'Page clock: ms from navigation start until question 1 has an enabled option, median of all loads (all loads listed in the JSON).',
    '',
    table(
      ['build', 'cold', 'warm: opened again', 'warm: reloaded', 'loads each'],
      builds.map((b) => [
        b.label,
        median(b.inPage.cold),
        median(b.inPage.warm),
        median(b.inPage.reload),
        b.inPage.cold.length,
      ]),
    ),
    '',
  ];
  saveResult({
    name: process.env.BENCH_EXAM_START_RESULT ?? 'exam-start-ab',
    title: `Exam start, A/B of builds${NETWORK ? ', slow 4G' : ''}`,
    startedAt: started,
    markdown: md.join('\n'),
    data: builds.map(({ label, dir, inPage }) => ({ label, dir, inPage })),
  });
}

if (isMain(module) && process.env.BENCH_EXAM_START_AB) {
  abRun(process.env.BENCH_EXAM_START_AB.split(',')).catch((e) => {
    console.error(e);
    process.exit(1);
  });
} else if (isMain(module)) {
  runExamStart().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
