import path from 'node:path';
import Database from 'better-sqlite3';
import type { BrowserContextOptions, Page } from 'playwright-core';
import type { Role } from './harness/api';
import { dashboardHeading, openWithToken, pageLog, setupApp } from './harness/app';
import { openWindowNow, wibIso } from './harness/wib';

// Stored-XSS payloads in materials, discussions, question texts and names must not execute in Chromium.
// Everything is stored through the API (the server sanitizes rich HTML on write; discussion texts are plain text, kept as
// typed, so their payloads must show as literal text); a second material and discussion get raw payloads written
// straight into SQLite ("legacy rows" the server never sanitized), so the browser's own sanitizer (DOMPurify in
// shared-ui SafeHtml) is exercised too. Every view that shows them is opened twice: once with
// the page's CSP bypassed (the sanitizers alone must hold), once with the CSP the server sends. In each view the test
// clicks what the payloads made clickable, then asserts that nothing ran (window.__xss), no dialog opened, and the live
// DOM holds no on* attribute, inline or foreign script, iframe/object/embed or javascript:/data: URL.
const app = setupApp();

const tag = `${Date.now() % 1_000_000}`;

/** A visible marker at the start of each stored field, to prove the view really rendered that field. */
const token = (field: string) => `xss${tag}-${field}`;

/** Classic payloads; each sets window.__xss to "<field>:<kind>" when it runs. */
function payloads(field: string): Record<string, string> {
  const run = (kind: string) => `__xss='${field}:${kind}'`;
  return {
    script: `<script>${run('script')}</script>`,
    img: `<img src=x onerror="${run('img')}">`,
    svg: `<svg onload="${run('svg')}"><animate onbegin="${run('svg-animate')}" attributeName=x dur=1s></animate></svg>`,
    jsLink: `<a href="javascript:${run('js-link')}">klik-xss</a>`,
    jsLinkObfuscated: `<a href="jav&#x09;asc&#x0A;ript:${run('js-link-tab')}" target="_self">klik-xss</a>`,
    iframe: `<iframe srcdoc="<script>parent.${run('srcdoc')}</script>"></iframe>`,
    attrs: `<p style="background-image:url(javascript:${run('style')})" onmouseover="${run('mouseover')}" onclick="${run('onclick')}">hover-xss</p>`,
    focus: `<input autofocus onfocus="${run('autofocus')}">`,
    details: `<details open ontoggle="${run('ontoggle')}"><summary>s</summary></details>`,
    object: `<object data="javascript:${run('object')}"></object><embed src="javascript:${run('embed')}">`,
    breakout: `"><img src=x onerror="${run('breakout')}">`,
    singleBreakout: `'><svg onload="${run('breakout-single')}">`,
    // Classic DOMPurify mutation-XSS shape; last, because the unclosed <style> swallows what follows.
    mxss: `<math><mtext><table><mglyph><style><img src=x onerror="${run('mxss')}">`,
  };
}

/** Long (rich or multi-line) fields carry every payload. */
const richValue = (field: string) => `<p>${token(field)}</p>${Object.values(payloads(field)).join('\n')}`;
/** Short fields (names ≤ 100, titles ≤ 255 characters) carry the attribute break-out and one more. */
const shortValue = (field: string, kind: 'img' | 'svg' | 'script' = 'img') => {
  const run = `__xss='${field}:${kind}'`;
  const html =
    kind === 'script'
      ? `<script>${run}</script>`
      : kind === 'svg'
        ? `<svg onload=${run}>`
        : `<img src=x onerror=${run}>`;
  return `${token(field)}">${html}`;
};

/** How many payloads each stored field carries (for the payloads × views figure). */
const payloadCount: Record<string, number> = {};
function rich(field: string): string {
  payloadCount[field] = Object.keys(payloads(field)).length;
  return richValue(field);
}
/** As many payloads as fit in `max` characters (discussion topics: 500). */
function upTo(max: number, field: string): string {
  let value = `<p>${token(field)}</p>`;
  let count = 0;
  for (const p of Object.values(payloads(field))) {
    if (value.length + 1 + p.length > max) continue;
    value += `\n${p}`;
    count += 1;
  }
  payloadCount[field] = count;
  return value;
}
function short(field: string, kind?: 'img' | 'svg' | 'script'): string {
  payloadCount[field] = 1;
  const value = shortValue(field, kind);
  if (value.length > 100) throw new Error(`payload for ${field} too long (${value.length})`);
  return value;
}

interface Ids {
  classId: number;
  grade: number;
  materialId: number;
  legacyMaterialId: number;
  exerciseId: number;
  examId: number;
  demoStudentId: number;
  xssStudentId: number;
  xssStudentToken: string;
  xssStudentNis: string;
}
let ids: Ids;

/** A logged-in call with any token (the payload student is not a demo account). */
async function callWith<T>(token: string, method: string, apiPath: string, body?: unknown): Promise<T> {
  const res = await fetch(`${app.server.url}/api/v1${apiPath}`, {
    method,
    headers: { authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${apiPath} → ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

function assessmentContent(prefix: string): Record<string, string> {
  return {
    '1': rich(`${prefix}.q1`),
    '1_a': short(`${prefix}.q1a`, 'img'),
    '1_b': short(`${prefix}.q1b`, 'svg'),
    '1_c': short(`${prefix}.q1c`, 'script'),
    '1_d': 'Aman',
    '1_answer': 'b',
    '2_essay': rich(`${prefix}.q2`),
    '2_essay_answer': rich(`${prefix}.q2ref`),
  };
}

/** Answers a work item as the payload student (an essay full of payloads) and submits it for grading. */
async function answerAndSubmit(kind: 'exercise' | 'exam', itemId: number): Promise<void> {
  const base = kind === 'exam' ? '/exams-answers' : '/exercises-answers';
  const key = kind === 'exam' ? 'exam_id' : 'exercise_id';
  const t = ids.xssStudentToken;
  const sheet = await callWith<{ id: number }>(t, 'POST', base, {
    [key]: itemId,
    student_id: ids.xssStudentId,
    answers: {},
  });
  await callWith(t, 'PATCH', `${base}?id=${sheet.id}`, {
    [key]: itemId,
    student_id: ids.xssStudentId,
    answers: { '1': 'b', '2': rich(`${kind}.answer`) },
  });
  await callWith(t, 'POST', `/${kind}s/calculate-grade`, { [key]: itemId, student_id: ids.xssStudentId });
}

beforeAll(async () => {
  const api = app.api;
  const teacher = await api.user('teacher');
  const demoStudent = await api.user('student');
  const grade = 10;

  // A student whose name is a payload, and a class (payload name) of the demo teacher: creating a class assigns
  // every student of its grade (the demo student and the payload student are both in grade 10).
  const xssStudent = await api.post<{ id: number; nis: string; initial_password: string }>('/students', 'admin', {
    name: short('student.name', 'svg'),
    nis: `99${tag}`,
    grade,
    status: 'Active',
  });
  const cls = await api.post<{ id: number }>('/classes', 'admin', {
    name: short('class.name', 'img'),
    description: rich('class.description'),
    teacher_id: teacher.teacher_id,
    grade,
  });
  const xssStudentToken = await api.login(xssStudent.nis, xssStudent.initial_password);

  const material = await api.post<{ id: number }>('/materials', 'teacher', {
    title: short('material.title', 'img'),
    description: rich('material.description'),
    content: rich('material.content'),
    class_id: cls.id,
    teacher_id: teacher.teacher_id,
  });
  const legacy = await api.post<{ id: number }>('/materials', 'teacher', {
    title: short('legacy.title', 'script'),
    description: 'lama',
    content: '<p>lama</p>',
    class_id: cls.id,
    teacher_id: teacher.teacher_id,
  });
  // /ManageSubjects10 lists the teacher's first grade-10 class (the demo X IPA 1): a subject there too.
  const { class_id: firstClass } = await api.get<{ class_id: number }>(
    `/classes/class-id?grade=${grade}&teacher_id=${teacher.teacher_id}`,
    'teacher',
  );
  await api.post('/materials', 'teacher', {
    title: short('subject.title', 'svg'),
    description: rich('subject.description'),
    content: '<p>isi</p>',
    class_id: firstClass,
    teacher_id: teacher.teacher_id,
  });
  const exercise = await api.post<{ id: number }>('/exercises', 'teacher', {
    title: short('exercise.title', 'svg'),
    total_marks: 100,
    material_id: material.id,
    teacher_id: teacher.teacher_id,
    content: assessmentContent('exercise'),
  });
  const window = openWindowNow();
  const exam = await api.post<{ id: number }>('/exams', 'teacher', {
    title: short('exam.title', 'img'),
    total_marks: 100,
    class_id: cls.id,
    teacher_id: teacher.teacher_id,
    start_time: wibIso(window.date, window.start),
    end_time: wibIso(window.date, window.end),
    content: assessmentContent('exam'),
  });
  ids = {
    classId: cls.id,
    grade,
    materialId: material.id,
    legacyMaterialId: legacy.id,
    exerciseId: exercise.id,
    examId: exam.id,
    demoStudentId: demoStudent.student_id!,
    xssStudentId: xssStudent.id,
    xssStudentToken,
    xssStudentNis: xssStudent.nis,
  };

  // Discussions by the payload student: about each material and in the general forum, each with a reply.
  const t = xssStudentToken;
  const mdisc = await callWith<{ id: number }>(t, 'POST', '/discussions-material', {
    topic: upTo(500, 'mdisc.topic'),
    description: rich('mdisc.description'),
    replies: null,
    student_id: ids.xssStudentId,
    material_id: material.id,
  });
  await callWith(t, 'PUT', `/discussions-material/reply?id=${mdisc.id}`, { replies: rich('mdisc.reply') });
  const legacyMdisc = await callWith<{ id: number }>(t, 'POST', '/discussions-material', {
    topic: 'lama',
    description: 'lama',
    replies: null,
    student_id: ids.xssStudentId,
    material_id: legacy.id,
  });
  await callWith(t, 'PUT', `/discussions-material/reply?id=${legacyMdisc.id}`, { replies: 'lama' });
  const gdisc = await callWith<{ id: number }>(t, 'POST', '/discussions', {
    topic: upTo(500, 'gdisc.topic'),
    description: rich('gdisc.description'),
    replies: null,
    student_id: ids.xssStudentId,
  });
  await callWith(t, 'PUT', `/discussions/reply?id=${gdisc.id}`, { replies: rich('gdisc.reply') });
  // The demo student reports the payload student's post: the admin's Reported Messages show its author and text.
  await api.post('/reports', 'student', { kind: 'material', discussion_id: mdisc.id });

  await answerAndSubmit('exercise', exercise.id);
  await answerAndSubmit('exam', exam.id);

  // Legacy rows: raw payloads the server's sanitizer never saw (rows written before it existed, or by a restore).
  const db = new Database(path.join(app.server.dataDir, 'kelasku.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('UPDATE materials SET description = ?, content = ? WHERE id = ?').run(
      rich('legacy.description'),
      rich('legacy.content'),
      legacy.id,
    );
    db.prepare('UPDATE material_forum SET topic = ?, description = ? WHERE id = ?').run(
      rich('legacy-mdisc.topic'),
      rich('legacy-mdisc.description'),
      legacyMdisc.id,
    );
    db.prepare("UPDATE discussion_replies SET reply = ? WHERE kind = 'material' AND discussion_id = ?").run(
      rich('legacy-mdisc.reply'),
      legacyMdisc.id,
    );
  } finally {
    db.close();
  }
}, 90_000);

/** A view to open, what it should show, and what to do there (pick questions, open tabs). */
interface View {
  role: Role | 'xss-student';
  /** With {classId}-style placeholders for the ids made in beforeAll. */
  path: string;
  /** Fields (by name) whose marker must be on screen: proves the payloads were rendered here. */
  shows: string[];
  interact?: (page: Page) => Promise<void>;
  /** Fields that must be on screen after `interact`. */
  showsAfter?: string[];
}

/** Opens the replies of every discussion shown. */
async function showReplies(page: Page): Promise<void> {
  const buttons = page.getByRole('button', { name: /Show Replies/ });
  for (let i = await buttons.count(); i > 0; i--) await buttons.nth(i - 1).click();
}
const nextQuestion = (page: Page) =>
  page
    .getByRole('button', { name: /^Question 2/ })
    .first()
    .click();
/** Searches a roster for the payload student (rosters are paginated). */
const searchPayloadStudent = async (page: Page) => {
  const box = page.getByRole('search').getByRole('textbox');
  await box.fill(ids.xssStudentNis);
  await box.press('Enter');
};

const VIEWS: View[] = [
  // Student.
  { role: 'student', path: '/DashboardStudent', shows: [] },
  { role: 'student', path: '/MyClasses', shows: ['class.name', 'class.description'] },
  {
    role: 'student',
    path: '/MyDetailClasses/{classId}',
    shows: ['material.title', 'material.description', 'legacy.title', 'legacy.description'],
  },
  {
    role: 'student',
    path: '/MyDetailSubject/{materialId}?class_id={classId}',
    shows: ['material.title', 'material.content', 'mdisc.topic', 'mdisc.description', 'student.name'],
    interact: showReplies,
    showsAfter: ['mdisc.reply'],
  },
  {
    role: 'student',
    path: '/MyDetailSubject/{legacyMaterialId}?class_id={classId}',
    shows: ['legacy.title', 'legacy.content', 'legacy-mdisc.topic', 'legacy-mdisc.description'],
    interact: showReplies,
    showsAfter: ['legacy-mdisc.reply'],
  },
  {
    role: 'student',
    path: '/GroupDiscussions',
    shows: ['gdisc.topic', 'gdisc.description', 'student.name'],
    interact: showReplies,
    showsAfter: ['gdisc.reply'],
  },
  { role: 'student', path: '/MyClassesTask', shows: ['class.name'] },
  { role: 'student', path: '/MyDetailClassesTask/{classId}', shows: ['material.title', 'legacy.title'] },
  {
    role: 'student',
    path: '/MyTask?material_id={materialId}',
    shows: ['exercise.title', 'exercise.q1', 'exercise.q1a', 'exercise.q1b', 'exercise.q1c'],
    interact: nextQuestion,
    showsAfter: ['exercise.q2'],
  },
  { role: 'student', path: '/MyClassesExam', shows: ['class.name'] },
  {
    role: 'student',
    path: '/MyExams?class_id={classId}',
    shows: ['exam.title', 'exam.q1', 'exam.q1a', 'exam.q1b', 'exam.q1c'],
    interact: nextQuestion,
    showsAfter: ['exam.q2'],
  },
  { role: 'xss-student', path: '/DashboardStudent', shows: ['student.name'] },
  // Teacher.
  { role: 'teacher', path: '/DashboardTeacher', shows: ['class.name', 'exam.title'] },
  { role: 'teacher', path: '/ManageSubjects10', shows: ['subject.title', 'subject.description'] },
  {
    role: 'teacher',
    path: '/DetailSubjects?id={materialId}',
    shows: ['material.title', 'material.description', 'material.content'],
  },
  {
    role: 'teacher',
    path: '/DetailSubjects?id={legacyMaterialId}',
    shows: ['legacy.title', 'legacy.description', 'legacy.content'],
  },
  {
    role: 'teacher',
    path: '/EditSubjects?id={materialId}',
    shows: ['material.title', 'material.description', 'material.content'],
  },
  {
    role: 'teacher',
    path: '/EditSubjects?id={legacyMaterialId}',
    shows: ['legacy.title', 'legacy.description', 'legacy.content'],
  },
  {
    role: 'teacher',
    path: '/ManageTaskExam?class_id={classId}',
    shows: [
      'class.name',
      'exam.title',
      'material.title',
      'material.description',
      'mdisc.topic',
      'mdisc.description',
      'student.name',
      'legacy.title',
      'legacy.description',
      'legacy-mdisc.topic',
      'legacy-mdisc.description',
    ],
  },
  {
    role: 'teacher',
    path: '/ManageTaskExam?class_id={classId}&tab=classwork',
    shows: ['class.name', 'exam.title', 'material.title', 'legacy.title'],
  },
  {
    role: 'teacher',
    path: '/ManageTaskExam?class_id={classId}&tab=people',
    shows: ['class.name'],
    interact: searchPayloadStudent,
    showsAfter: ['student.name'],
  },
  {
    role: 'teacher',
    path: '/PreviewExercise?material_id={materialId}',
    shows: [
      'material.title',
      'exercise.title',
      'exercise.q1',
      'exercise.q1a',
      'exercise.q1b',
      'exercise.q1c',
      'exercise.q2',
      'exercise.q2ref',
    ],
  },
  {
    role: 'teacher',
    path: '/EditExercise?material_id={materialId}',
    shows: [
      'material.title',
      'exercise.title',
      'exercise.q1',
      'exercise.q1a',
      'exercise.q1b',
      'exercise.q1c',
      'exercise.q2',
      'exercise.q2ref',
    ],
  },
  {
    role: 'teacher',
    path: '/PreviewAnExam?class_id={classId}',
    shows: ['class.name', 'exam.title', 'exam.q1', 'exam.q1a', 'exam.q1b', 'exam.q1c', 'exam.q2', 'exam.q2ref'],
  },
  {
    role: 'teacher',
    path: '/EditExam?class_id={classId}',
    shows: ['class.name', 'exam.title', 'exam.q1', 'exam.q1a', 'exam.q1b', 'exam.q1c', 'exam.q2', 'exam.q2ref'],
  },
  { role: 'teacher', path: '/Grades?exercise_id={exerciseId}', shows: ['student.name'] },
  { role: 'teacher', path: '/Grades?exam_id={examId}', shows: ['student.name'] },
  {
    role: 'teacher',
    path: '/Review?exercise_id={exerciseId}&student_id={xssStudentId}',
    shows: ['student.name', 'exercise.q1', 'exercise.q1b', 'exercise.q2', 'exercise.q2ref', 'exercise.answer'],
  },
  {
    role: 'teacher',
    path: '/Review?exam_id={examId}&student_id={xssStudentId}',
    shows: ['student.name', 'exam.q1', 'exam.q1b', 'exam.q2', 'exam.q2ref', 'exam.answer'],
  },
  // Admin.
  { role: 'admin', path: '/DashboardAdmin', shows: ['class.name', 'student.name', 'mdisc.description'] },
  { role: 'admin', path: '/ManageClass10', shows: ['class.name', 'class.description'] },
  {
    role: 'admin',
    path: '/class/{classId}',
    shows: ['class.name'],
    interact: searchPayloadStudent,
    showsAfter: ['student.name'],
  },
  { role: 'admin', path: '/ManageAccStudent', shows: ['student.name'] },
];

/**
 * Installed before any page script: records CSP violations, with where they came from. They are logged, not failed
 * on: Chromium also reports inline handlers met while parsing HTML into an inert DOMParser document (DOMPurify, and
 * SafeHtml's plain-text fallback, do that with every legacy row), where nothing can run. What did run is
 * window.__xss; what a blocked attempt would leave behind is caught by dangerousDom().
 */
function recordViolations(): void {
  const w = window as unknown as { __cspViolations: string[] };
  w.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    const target =
      e.target instanceof Element
        ? `${e.target.isConnected ? 'in page' : 'detached'} <${e.target.tagName.toLowerCase()}>`
        : 'document';
    w.__cspViolations.push(
      `${e.violatedDirective} ${e.blockedURI} ${(e.sample || '').slice(0, 60)} (${target}, ${e.sourceFile}:${e.lineNumber}:${e.columnNumber})`,
    );
  });
}

/**
 * The inline scripts the shell's own index.html ships (in <head>: the pre-paint script, shell/src/pre-paint.ts, and the
 * start chain's data element the server fills), as served: the only inline scripts a page may hold. Anything else
 * inline, even the same text elsewhere, is flagged.
 */
let ownScripts: Promise<string[]> | undefined;
const ownScriptsOnce = () => (ownScripts ??= ownInlineScripts());

async function ownInlineScripts(): Promise<string[]> {
  const html = await (await fetch(`${app.server.url}/`, { headers: { accept: 'text/html' } })).text();
  return [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes = '']) => !/\bsrc\s*=/i.test(attributes))
    .map(([, , text]) => text);
}

/**
 * Everything in the live DOM that could run script: on* attributes, script/iframe/object/embed, javascript: URLs.
 * `ownScripts`: the texts of index.html's own inline scripts, allowed in <head> only.
 */
function dangerousDom(ownScripts: string[]): string[] {
  const found: string[] = [];
  const describe = (el: Element) => el.outerHTML.slice(0, 120);
  const URL_ATTRS = new Set(['href', 'src', 'action', 'formaction', 'data', 'xlink:href', 'background', 'poster']);
  for (const el of Array.from(document.querySelectorAll('*'))) {
    const tagName = el.tagName.toLowerCase();
    if (['iframe', 'object', 'embed', 'frame', 'base'].includes(tagName)) found.push(`<${tagName}> ${describe(el)}`);
    if (tagName === 'meta' && el.getAttribute('http-equiv')) found.push(`<meta http-equiv> ${describe(el)}`);
    if (tagName === 'script') {
      const src = el.getAttribute('src');
      const own = !src && el.parentElement === document.head && ownScripts.includes(el.textContent ?? '');
      if (!own && (!src || new URL(src, location.href).origin !== location.origin))
        found.push(`script ${describe(el)}`);
    }
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      // eslint-disable-next-line no-control-regex -- browsers ignore control characters inside `javascript:`
      const value = attr.value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
      if (name.startsWith('on')) found.push(`${name}= ${describe(el)}`);
      if (name === 'srcdoc') found.push(`srcdoc= ${describe(el)}`);
      if (URL_ATTRS.has(name) && /^(javascript|vbscript):/.test(value))
        found.push(`${name}=${value.slice(0, 40)} ${describe(el)}`);
      if (URL_ATTRS.has(name) && value.startsWith('data:') && !value.startsWith('data:image/'))
        found.push(`${name}=data: ${describe(el)}`);
      // A javascript: URL inside CSS (style="background:url(javascript:…)") never runs in Chromium: not flagged.
    }
  }
  return found;
}

/** Field names whose marker is on screen (as text or in a form field). */
function shownFields(page: Page): Promise<string[]> {
  return page.evaluate((prefix) => {
    const texts = [
      document.body.innerText,
      ...Array.from(document.querySelectorAll('input, textarea')).map((e) => (e as HTMLInputElement).value),
    ];
    const re = new RegExp(`${prefix}-([a-z0-9.-]+?)(?=[^a-z0-9.-]|$)`, 'gi');
    const fields = new Set<string>();
    for (const text of texts) for (const m of text.matchAll(re)) fields.add(m[1].replace(/\.$/, ''));
    return [...fields].sort();
  }, `xss${tag}`);
}

async function tokenOf(role: View['role']): Promise<string> {
  return role === 'xss-student' ? ids.xssStudentToken : app.api.token(role);
}

/** Hovers and clicks everything the payloads made clickable (links, hover targets); ignores what is not there. */
async function poke(page: Page): Promise<number> {
  let clicked = 0;
  for (const text of ['klik-xss', 'hover-xss']) {
    const targets = page.getByText(text, { exact: true });
    const n = await targets.count();
    for (let i = 0; i < n; i++) {
      const target = targets.nth(i);
      if (!(await target.isVisible())) continue;
      // A surviving http(s) href would only navigate away; anything else is clicked.
      const href = await target.evaluate((el) => el.closest('a')?.getAttribute('href') ?? '');
      if (/^https?:/i.test(href)) continue;
      await target.hover({ timeout: 1500 }).catch(() => undefined);
      // Some are covered (e.g. by the editor's toolbar): those count as not clicked.
      if (
        await target.click({ timeout: 1500, noWaitAfter: true }).then(
          () => true,
          () => false,
        )
      )
        clicked += 1;
    }
  }
  return clicked;
}

interface ViewResult {
  view: string;
  xss: unknown;
  dialogs: string[];
  dangerous: string[];
  csp: string[];
  missing: string[];
  fields: string[];
  clicked: number;
}

/** The view's path with the ids of this run. */
function resolve(template: string): string {
  return template.replace(/\{(\w+)\}/g, (_m, key: string) => String(ids[key as keyof Ids]));
}

async function checkView(contextOptions: BrowserContextOptions, view: View): Promise<ViewResult> {
  const page = await app.newPage({ context: contextOptions });
  await page.addInitScript(recordViolations);
  await openWithToken(page, await tokenOf(view.role), resolve(view.path));
  const label = `${view.role} ${resolve(view.path)}`;
  // The view has rendered every field it should show (a page stuck in an error state fails here).
  await page.waitForLoadState('networkidle');
  await dashboardHeading(page)
    .or(page.getByRole('heading', { level: 1 }))
    .first()
    .waitFor({ timeout: 15_000 })
    .catch(async (err: unknown) => {
      throw new Error(
        `${label}: no heading (${String(err).split('\n')[0]}); page says: ${(await page.innerText('body')).slice(0, 400)}; errors: ${pageLog(page).errors.join(' | ')} ${pageLog(page).consoleErrors.join(' | ')}`,
      );
    });
  await page
    .getByRole('status')
    .filter({ hasText: /Loading/ })
    .first()
    .waitFor({ state: 'detached' });
  // Before and after the view's interaction (another question, the replies, a search): both states are checked.
  const fields = new Set<string>();
  const dangerous = new Set<string>();
  let clicked = 0;
  for (const step of ['open', 'interact'] as const) {
    if (step === 'interact') {
      if (!view.interact) break;
      await view.interact(page);
    }
    const wanted = (step === 'open' ? view.shows : (view.showsAfter ?? [])).map(token);
    await page
      .waitForFunction(
        (markers) => {
          const text = [
            document.body.innerText,
            ...Array.from(document.querySelectorAll('input, textarea')).map((e) => (e as HTMLInputElement).value),
          ].join('\n');
          return markers.every((m) => text.includes(m));
        },
        wanted,
        { timeout: 8_000 },
      )
      .catch(() => undefined);
    clicked += await poke(page);
    // Let image errors, animations and toggles fire.
    await page.waitForTimeout(500);
    (await shownFields(page)).forEach((f) => fields.add(f));
    (await page.evaluate(dangerousDom, await ownScriptsOnce())).forEach((d) => dangerous.add(d));
  }
  const result = await page.evaluate(() => ({
    xss: (window as unknown as { __xss?: unknown }).__xss,
    csp: (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
  }));
  return {
    view: label,
    xss: result.xss,
    dialogs: pageLog(page).dialogs,
    dangerous: [...dangerous],
    csp: result.csp,
    missing: [...view.shows, ...(view.showsAfter ?? [])].filter((f) => !fields.has(f)),
    fields: [...fields].sort(),
    clicked,
  };
}

function problemsOf(r: ViewResult): string[] {
  return [
    ...(r.xss !== undefined ? [`a payload ran (window.__xss = ${JSON.stringify(r.xss)})`] : []),
    ...r.dialogs.map((d) => `dialog "${d}"`),
    ...r.dangerous,
    ...r.missing.map((f) => `field ${f} not rendered (its payloads went unchecked)`),
  ];
}

// With the CSP bypassed is the harder test (the sanitizers alone must hold), so CI runs only that pass; the second
// pass, under the server's real CSP, doubles the time (~3 min) and runs with XSS_REAL_CSP=1.
const MODES: [string, BrowserContextOptions][] = [
  ['with the CSP bypassed (the sanitizers alone)', { bypassCSP: true }],
];
if (process.env.XSS_REAL_CSP === '1') MODES.push(['with the CSP the server sends', {}]);

describe.each<[string, BrowserContextOptions]>(MODES)('stored XSS payloads %s', (mode, contextOptions) => {
  const results: ViewResult[] = [];
  afterAll(() => {
    const checks = results.reduce((sum, r) => sum + r.fields.reduce((n, f) => n + (payloadCount[f] ?? 0), 0), 0);
    console.log(`${mode}: ${checks} payload renderings checked across ${results.length} views`);
  });

  it.each(VIEWS.map((v) => [`${v.role} ${v.path}`, v] as const))('do not run in %s', async (_label, view) => {
    const r = await checkView(contextOptions, view);
    results.push(r);
    const count = r.fields.reduce((sum, f) => sum + (payloadCount[f] ?? 0), 0);
    console.log(
      `${r.view}: fields [${r.fields.join(', ')}] = ${count} payloads, clicked ${r.clicked}` +
        (r.csp.length ? `, CSP blocked: ${r.csp.join(' | ')}` : ''),
    );
    expect(problemsOf(r)).toEqual([]);
  });
});
