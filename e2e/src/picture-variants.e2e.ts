import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import type { Page, Response } from 'playwright-core';
import { eventually, expectVisible, openAs, setupApp } from './harness/app';
import { findDemoClass, replaceDemoExam, type DemoClass } from './harness/exams';
import { REPO_ROOT } from './harness/server';
import { switchableNetwork, type SwitchableNetwork } from './harness/switchable-network';

// Pictures sized for phones: a 1600 px photo in a material reaches a 360 px phone as its 480 px WebP copy, with its
// room kept on the page before it arrives.
const app = setupApp();

const tag = `${Date.now() % 1_000_000}`;
let demo: DemoClass;
let network: SwitchableNetwork;

/** A photo-like 1600 × 1200 JPEG (noise: it compresses like a photo), drawn by the browser, as a data URL. */
async function photoDataUrl(page: Page): Promise<string> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1600;
    canvas.height = 1200;
    const ctx = canvas.getContext('2d')!;
    const pixels = ctx.createImageData(1600, 1200);
    for (let i = 0; i < pixels.data.length; i++)
      pixels.data[i] = i % 4 === 3 ? 255 : (i * 7919 + (i >> 7) * 104729) & 0xff;
    ctx.putImageData(pixels, 0, 0);
    return canvas.toDataURL('image/jpeg', 0.85);
  });
}

beforeAll(async () => {
  demo = await findDemoClass(app);
  network = await switchableNetwork(app.server.port);
}, 60_000);
afterAll(() => network?.close());

it('a 360 px phone loads the 480 px WebP copy of a material photo, not the 1600 px original, and nothing moves', async () => {
  const maker = await app.newPage();
  await maker.goto('/');
  const photo = await photoDataUrl(maker);
  const material = await app.api.post<{ id: number; content: string }>('/materials', 'teacher', {
    title: `Foto Bandul ${tag}`,
    description: 'Foto',
    content: `<p>Lihat fotonya.</p><p><img src="${photo}"></p><p>Akhir ${tag}</p>`,
    class_id: demo.cls.id,
  });
  const hash = /\/api\/v1\/images\/([0-9a-f]{64})\.jpg/.exec(material.content)![1];
  const original = await fetch(`${app.server.url}/api/v1/images/${hash}.jpg`);
  const originalBytes = (await original.arrayBuffer()).byteLength;

  // A low-end phone: 360 CSS px at one device pixel per CSS pixel.
  const phone = await app.newPage({ phone: true, context: { deviceScaleFactor: 1 } });
  const pictures: Response[] = [];
  phone.on('response', (res) => {
    if (res.url().includes('/api/v1/images/')) pictures.push(res);
  });
  await openAs(app, phone, 'student', `/MyDetailSubject/${material.id}`);
  await expectVisible(phone.getByText(`Akhir ${tag}`));
  const img = phone.locator(`img[src*="${hash}"]`);
  // Its room is kept before the bytes arrive: width and height are on the tag, the box has the photo's proportions.
  expect(await img.getAttribute('width')).toBe('1600');
  expect(await img.getAttribute('height')).toBe('1200');
  const box = (await img.boundingBox())!;
  expect(Math.abs(box.height - box.width * 0.75)).toBeLessThan(2);
  await eventually(
    () => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth),
    (w) => w === 480,
  );

  const urls = pictures.map((r) => new URL(r.url()).pathname);
  expect(urls).toContain(`/api/v1/images/${hash}-480.webp`);
  expect(urls).not.toContain(`/api/v1/images/${hash}.jpg`);
  expect(await img.evaluate((el) => (el as HTMLImageElement).currentSrc)).toMatch(new RegExp(`${hash}-480\\.webp$`));
  const small = pictures.find((r) => r.url().endsWith(`${hash}-480.webp`))!;
  const smallBytes = (await small.body()).byteLength;
  expect(smallBytes).toBeLessThan(originalBytes / 4);
  console.log(`picture-variants: original ${originalBytes} B, the phone's copy ${smallBytes} B`);
});

it('an exam question photo: the phone loads its 480 px copy, and a reload without a network still shows it', async () => {
  const maker = await app.newPage();
  await maker.goto('/');
  const photo = await photoDataUrl(maker);
  const exam = await replaceDemoExam(app, {
    title: `Ujian Bergambar ${tag}`,
    content: {
      '1': `Alat apa ini? ${tag}`,
      '1_a': 'Bandul',
      '1_b': 'Neraca',
      '1_c': 'Termometer',
      '1_d': 'Jangka',
      '1_answer': 'a',
      '1_pict': photo,
    },
  });
  const saved = await app.api.get<{ content: Record<string, string> }[]>(`/exams?class_id=${exam.classId}`, 'teacher');
  const hash = /([0-9a-f]{64})\.jpg#1600x1200$/.exec(saved[0].content['1_pict'])![1];

  const page = await app.newPage({
    phone: true,
    context: { deviceScaleFactor: 1, baseURL: network.url, serviceWorkers: 'allow' },
  });
  const pictures: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/v1/images/')) pictures.push(new URL(req.url()).pathname);
  });
  await openAs(app, page, 'student', '/DashboardStudent');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await page.goto(`/MyExams?class_id=${exam.classId}`);
  const img = page.getByRole('img', { name: /1/ }).and(page.locator(`img[src*="${hash}"]`));
  await expectVisible(img);
  expect([await img.getAttribute('width'), await img.getAttribute('height')]).toEqual(['1600', '1200']);
  await eventually(
    () => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth),
    (w) => w === 480,
  );
  expect(pictures).toContain(`/api/v1/images/${hash}-480.webp`);
  expect(pictures).not.toContain(`/api/v1/images/${hash}.jpg`);

  network.setOnline(false);
  try {
    await page.reload();
    await expectVisible(page.getByText(`Alat apa ini? ${tag}`));
    // The copy the phone kept shows again, from the service worker's cache.
    await eventually(
      () => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth),
      (w) => w === 480,
    );
  } finally {
    network.setOnline(true);
  }
});

/** `npm run picture-variants -w server` against the test server's database, as an operator runs it; its output. */
async function pictureVariantsCommand(dataDir: string): Promise<string> {
  const { stdout } = await promisify(execFile)('npx', ['tsx', 'server/src/make-picture-variants.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    timeout: 120_000,
  });
  return stdout;
}

it('a material saved before its photo was sized gets the copies from the one-off command, and a second run changes nothing', async () => {
  const maker = await app.newPage();
  await maker.goto('/');
  const photo = await photoDataUrl(maker);
  const material = await app.api.post<{ id: number; content: string }>('/materials', 'teacher', {
    title: `Foto Lama ${tag}`,
    description: 'Foto',
    content: `<p><img src="${photo}"></p><p>Teks lama ${tag}</p>`,
    class_id: demo.cls.id,
  });
  const hash = /\/api\/v1\/images\/([0-9a-f]{64})\.jpg/.exec(material.content)![1];
  // As it was stored before copies were made at upload: no size, no copies, a bare tag.
  const db = new Database(path.join(app.server.dataDir, 'kelasku.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('UPDATE images SET width = NULL, height = NULL WHERE hash = ?').run(hash);
    db.prepare('DELETE FROM image_variants WHERE hash = ?').run(hash);
    db.prepare('UPDATE materials SET content = ? WHERE id = ?').run(
      `<p><img src="/api/v1/images/${hash}.jpg" /></p><p>Teks lama ${tag}</p>`,
      material.id,
    );
  } finally {
    db.close();
  }

  const phone = await app.newPage({ phone: true, context: { deviceScaleFactor: 1 } });
  await openAs(app, phone, 'student', `/MyDetailSubject/${material.id}`);
  await expectVisible(phone.getByText(`Teks lama ${tag}`, { exact: true }));
  const img = phone.locator(`img[src*="${hash}"]`);
  expect(await img.getAttribute('width')).toBeNull(); // the original meanwhile
  await eventually(
    () => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth),
    (w) => w === 1600,
  );

  const first = await pictureVariantsCommand(app.server.dataDir);
  expect(first).toMatch(/Content rewritten to offer the copies: 1 materials, \d+ exercises, \d+ exams\./);
  // A phone that opens the material now (one that had it open keeps the page it has until it reads it again).
  const later = await app.newPage({ phone: true, context: { deviceScaleFactor: 1 } });
  const pictures: string[] = [];
  later.on('request', (req) => {
    if (req.url().includes('/api/v1/images/')) pictures.push(new URL(req.url()).pathname);
  });
  await openAs(app, later, 'student', `/MyDetailSubject/${material.id}`);
  await expectVisible(later.getByText(`Teks lama ${tag}`, { exact: true }));
  const sized = later.locator(`img[src*="${hash}"]`);
  expect([await sized.getAttribute('width'), await sized.getAttribute('height')]).toEqual(['1600', '1200']);
  await eventually(
    () => sized.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth),
    (w) => w === 480,
  );
  expect(pictures).toContain(`/api/v1/images/${hash}-480.webp`);
  expect(pictures).not.toContain(`/api/v1/images/${hash}.jpg`);

  const again = await pictureVariantsCommand(app.server.dataDir);
  expect(again).toContain('Content rewritten to offer the copies: 0 materials, 0 exercises, 0 exams.');
}, 300_000);
