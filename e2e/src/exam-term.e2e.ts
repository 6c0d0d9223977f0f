import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Download, Page } from 'playwright-core';
import { axeViolations, formatViolations } from './harness/a11y';
import { expectNoSidewaysScroll, expectVisible, openAs, pageLog, setupApp } from './harness/app';
import { DEMO_ACCOUNTS } from './harness/api';
import { findDemoClass, type DemoClass } from './harness/exams';

// A class's term of exams on the teacher's phone: the ended daily test is closed ("Close"), the mid-term is created
// next, and both are columns of the class gradebook and of its CSV and Excel files.
const app = setupApp();

const tag = `${Date.now() % 1_000_000}`;
const CONTENT = {
  '1': 'Ibu kota Indonesia?',
  '1_a': 'Bandung',
  '1_b': 'Jakarta',
  '1_c': 'Medan',
  '1_d': 'Surabaya',
  '1_answer': 'b',
};
const HOUR = 3600_000;
/** An instant as WIB wall-clock text with its offset, and its WIB day as dd-mm-yyyy (how the files date a column). */
const wib = (ms: number) => new Date(ms + 7 * HOUR).toISOString().slice(0, 19) + '+07:00';
const wibDay = (ms: number) => wib(ms).slice(0, 10).split('-').reverse().join('-');

let demo: DemoClass;
let dailyTitle: string;
let dailyStart: number;
let dailyId: number;

beforeAll(async () => {
  demo = await findDemoClass(app);
  for (const old of (await app.api.get<{ id: number }[]>(`/exams?class_id=${demo.cls.id}`, 'teacher')) ?? []) {
    await app.api.delete(`/exams?id=${old.id}`, 'teacher');
  }
  // The daily test: the demo student answers it right while it is open, then it ends.
  dailyTitle = `UH Bab 1 ${tag}`;
  const open = { start_time: wib(Date.now() - HOUR), end_time: wib(Date.now() + HOUR) };
  const daily = await app.api.post<{ id: number }>('/exams', 'teacher', {
    title: dailyTitle,
    total_marks: 100,
    class_id: demo.cls.id,
    content: CONTENT,
    kind: 'daily',
    ...open,
  });
  dailyId = daily.id;
  await app.api.post('/exams-answers', 'student', { exam_id: daily.id, answers: { 1: 'b' } });
  await app.api.post('/exams/calculate-grade', 'student', { exam_id: daily.id, student_id: demo.studentId });
  dailyStart = Date.now() - 2 * HOUR;
  await app.api.patch(`/exams?id=${daily.id}`, 'teacher', {
    title: dailyTitle,
    total_marks: 100,
    content: CONTENT,
    start_time: wib(dailyStart),
    end_time: wib(Date.now() - 60_000),
  });
}, 60_000);

async function saved(download: Download): Promise<Buffer> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-gradebook-')), download.suggestedFilename());
  await download.saveAs(file);
  const bytes = fs.readFileSync(file);
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  return bytes;
}

/** The text of every entry of a zip file (an .xlsx), read through its central directory. */
function zipTexts(zip: Buffer): Map<string, string> {
  const texts = new Map<string, string>();
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  for (let n = zip.readUInt16LE(end + 10); n > 0; n--) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const local = zip.readUInt32LE(at + 42);
    const data = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(data, data + size);
    texts.set(name, (method === 8 ? zlib.inflateRawSync(raw) : raw).toString('utf8'));
    at += 46 + skip;
  }
  return texts;
}

async function expectAxeClean(page: Page, where: string) {
  const violations = await axeViolations(page);
  expect(formatViolations(where, violations)).toBe(formatViolations(where, []));
}

it('closes the ended exam, takes the next one, and shows both in the gradebook and its files', async () => {
  const page = await app.newPage({ phone: true });
  await openAs(app, page, 'teacher', `/ManageTaskExam?class_id=${demo.cls.id}&tab=classwork`);
  await expectVisible(page.getByText(dailyTitle, { exact: true }));
  await page.getByRole('button', { name: `Close the exam ${dailyTitle}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Close this exam?' });
  await expectVisible(dialog);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
  const past = page
    .getByRole('region', { name: 'Past exams' })
    .or(page.locator('section[aria-labelledby="classwork-past-exams"]'));
  await expectVisible(past.getByText(dailyTitle, { exact: true }));
  await expectVisible(past.getByText('Daily test'));
  // The class is free: its next exam, a mid-term, is created (the class-keyed create answered 409 before).
  const midTitle = `PTS Ganjil ${tag}`;
  const mid = await app.api.post<{ id: number; kind: string }>('/exams', 'teacher', {
    title: midTitle,
    total_marks: 100,
    class_id: demo.cls.id,
    content: CONTENT,
    kind: 'midterm',
    start_time: wib(Date.now() - HOUR),
    end_time: wib(Date.now() + HOUR),
  });
  expect(mid.kind).toBe('midterm');
  await app.api.post('/exams-answers', 'student', { exam_id: mid.id, answers: { 1: 'a' } });
  await app.api.post('/exams/calculate-grade', 'student', { exam_id: mid.id, student_id: demo.studentId });
  await page.reload();
  await expectVisible(page.getByText(midTitle, { exact: true }));
  await expectVisible(page.getByRole('button', { name: `Reopen ${dailyTitle}` }));
  expect(await page.getByRole('button', { name: `Reopen ${dailyTitle}` }).isDisabled()).toBe(true);
  await expectAxeClean(page, 'classwork with past exams');

  await page.getByRole('link', { name: 'Gradebook', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/Gradebook');
  await expectVisible(page.getByRole('heading', { name: `Gradebook — ${demo.cls.name}` }));
  const table = page.getByRole('table', { name: 'Grades of every student in every exercise and exam' });
  await expectVisible(table);
  const headers = await table.locator('thead th').allTextContents();
  const dailyCol = headers.findIndex((h) => h.includes(dailyTitle));
  const midCol = headers.findIndex((h) => h.includes(midTitle));
  expect(dailyCol).toBeGreaterThan(2);
  expect(midCol).toBeGreaterThan(dailyCol);
  expect(headers[dailyCol]).toContain('closed');
  expect(headers[midCol]).toContain('Mid-term');
  const nis = DEMO_ACCOUNTS.student.username;
  const row = table.locator('tbody tr').filter({ hasText: nis });
  const cells = await row.locator('td').allTextContents();
  expect([cells[dailyCol], cells[midCol]]).toEqual(['100', '0']);
  await expectNoSidewaysScroll(page);
  await expectAxeClean(page, 'gradebook');

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe(`Buku Nilai - ${demo.cls.name}.csv`);
  const text = (await saved(csv)).toString('utf8');
  expect(text.startsWith('\uFEFFNo;NIS;Nama;')).toBe(true);
  const lines = text.slice(1).split('\r\n');
  const head = lines[0].split(';');
  expect(head.slice(-2)).toEqual(['Rata-rata', 'Nilai Akhir']);
  const dailyHeader = `Ulangan Harian ${wibDay(dailyStart)}`;
  const midHeader = `PTS ${wibDay(Date.now() - HOUR)}`;
  expect(head).toContain(dailyHeader);
  expect(head).toContain(midHeader);
  const values = lines.find((l) => l.split(';')[1] === nis)!.split(';');
  expect([values[head.indexOf(dailyHeader)], values[head.indexOf(midHeader)]]).toEqual(['100', '0']);

  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export Excel' }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toBe(`Buku Nilai - ${demo.cls.name}.xlsx`);
  const entries = zipTexts(await saved(xlsx));
  const all = [...entries.values()].join('\n');
  for (const title of ['No', 'NIS', 'Nama', dailyHeader, midHeader, 'Rata-rata', 'Nilai Akhir'])
    expect(all).toContain(`>${title}<`);
  expect(pageLog(page).errors).toEqual([]);

  // The student still finds the closed daily test's result under the class's exam page.
  const phone = await app.newPage({ phone: true });
  await openAs(app, phone, 'student', `/MyExams?class_id=${demo.cls.id}`);
  await expectVisible(phone.getByRole('heading', { name: midTitle }));
  await phone.getByRole('link', { name: new RegExp(dailyTitle) }).click();
  await phone.waitForURL((url) => url.searchParams.get('exam_id') !== null);
  await expectVisible(phone.getByRole('heading', { name: dailyTitle }));
  await expectVisible(phone.getByText('Your score: 100'));
  expect(pageLog(phone).errors).toEqual([]);
});

it('previews the closed exam from Past exams: its questions with the key and its grades, no Edit', async () => {
  const closed = await app.api.get<{ closed_at: string | null }>(`/exams/by-id?id=${dailyId}`, 'teacher');
  if (!closed.closed_at) await app.api.post(`/exams/close?id=${dailyId}`, 'teacher', undefined); // when run on its own
  const page = await app.newPage();
  await openAs(app, page, 'teacher', `/ManageTaskExam?class_id=${demo.cls.id}&tab=classwork`);
  await page.getByRole('link', { name: `Preview ${dailyTitle}` }).click();
  await page.waitForURL(
    (url) => url.pathname === '/PreviewAnExam' && url.searchParams.get('exam_id') === String(dailyId),
  );
  await expectVisible(page.getByRole('heading', { level: 1, name: dailyTitle }));
  await expectVisible(page.getByText(`Exam for class ${demo.cls.name}`));
  await expectVisible(page.getByText('Ibu kota Indonesia?'));
  const options = page.getByRole('list', { name: 'Options of question 1' });
  await expectVisible(options.getByRole('listitem').filter({ hasText: 'Jakarta' }).getByText('Correct answer'));
  await expectVisible(page.getByRole('link', { name: 'Grades & essay review' }));
  expect(await page.getByRole('link', { name: 'Grades & essay review' }).getAttribute('href')).toBe(
    `/Grades?exam_id=${dailyId}`,
  );
  expect(await page.getByRole('link', { name: 'Edit', exact: true }).count()).toBe(0);
  await expectAxeClean(page, 'preview of a closed exam');
  expect(pageLog(page).errors).toEqual([]);
});
