/**
 * The caps of domain/limits.ts through the API: refused with a 4xx naming the cap (never truncated, never a 500),
 * while the largest legitimate input still saves.
 */
import { buildTestApp, type TestApp } from '../../test/helpers';
import { MAX_DESCRIPTION_BYTES, MAX_HTML_DEPTH, MAX_RICH_HTML_CHARS, MAX_TOPIC_BYTES } from './limits';

jest.setTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const PNG_HEAD = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
function pngDataUrl(bytes: number): string {
  const data = Buffer.alloc(bytes, 7);
  PNG_HEAD.copy(data);
  return `data:image/png;base64,${data.toString('base64')}`;
}

const material = (content: string) => ({
  title: 'Bab 1',
  description: 'd',
  content,
  class_id: t.fixture.classes[0].id,
});
const postMaterial = (content: string) =>
  t.injectWithLogin('teacher', { method: 'POST', url: '/api/v1/materials', payload: material(content) });

describe('material HTML caps', () => {
  it('refuses HTML nested deeper than the cap with 400 and a message (was 22 s of blocked event loop, then 200)', async () => {
    const res = await postMaterial(`<p>${'<b>'.repeat(2_000)}x</p>`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: `HTML is nested more than ${MAX_HTML_DEPTH} levels deep`,
      message: `HTML is nested more than ${MAX_HTML_DEPTH} levels deep`,
      code: 'html-too-deep',
      params: { limit: MAX_HTML_DEPTH },
    });
  });

  it('refuses HTML over the length cap with 400, instead of storing it', async () => {
    const res = await postMaterial(`<p>${'a'.repeat(MAX_RICH_HTML_CHARS)}</p>`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`HTML is too long (max ${MAX_RICH_HTML_CHARS} characters without pictures)`);
  });

  it('saves a 1.5 MB material with pictures and deep-but-real formatting', async () => {
    const text = `<ol><li><p><strong><em><u>${'Sel adalah unit terkecil kehidupan. '.repeat(2_000)}</u></em></strong></p></li></ol>`;
    const html = `<h2>Sel</h2>${text}<p><img src="${pngDataUrl(1_000_000)}"></p><p><img src="${pngDataUrl(20_000)}"></p>`;
    expect(html.length).toBeGreaterThan(1_400_000);
    const res = await postMaterial(html);
    expect(res.statusCode).toBe(200);
    const content: string = res.json().content;
    expect(content.match(/<img width="\d+" height="\d+" src="\/api\/v1\/images\/[0-9a-f]{64}\.png" \/>/g)).toHaveLength(
      2,
    );
    expect(content).toContain(text);
  });

  it('does not count inline pictures against the text cap: a chapter with three phone photos saves', async () => {
    const photos = Array.from({ length: 3 }, (_, i) => `<p><img src="${pngDataUrl(1_400_000 + i)}"></p>`).join('');
    const text = `<p>${'Fotosintesis terjadi di kloroplas. '.repeat(20_000)}</p>`;
    expect(text.length).toBeLessThan(MAX_RICH_HTML_CHARS);
    expect(text.length + photos.length).toBeGreaterThan(MAX_RICH_HTML_CHARS);
    const res = await postMaterial(`<h2>Daun</h2>${text}${photos}`);
    expect(res.statusCode).toBe(200);
    expect(
      res.json().content.match(/<img width="\d+" height="\d+" src="\/api\/v1\/images\/[0-9a-f]{64}\.png" \/>/g),
    ).toHaveLength(3);
  });
});

describe('discussion text caps', () => {
  const post = (body: { topic: string; description: string }) =>
    t.injectWithLogin('student', { method: 'POST', url: '/api/v1/discussions', payload: body });

  it('keeps markup in a description as typed (plain text, never parsed); refuses one past the cap with 400', async () => {
    const nested = await post({ topic: 'Tanya', description: '<i>'.repeat(5_000) });
    expect(nested.statusCode).toBe(200);
    expect(nested.json().description).toBe('<i>'.repeat(5_000));
    expect((await post({ topic: 'Tanya', description: 'a'.repeat(MAX_DESCRIPTION_BYTES + 1) })).statusCode).toBe(400);
  });

  it('counts bytes, not characters: a topic or description of emoji past its cap is refused, naming field and cap', async () => {
    const emoji = (bytes: number) => '😀'.repeat(bytes / 4);
    for (const [field, limit] of [
      ['topic', MAX_TOPIC_BYTES],
      ['description', MAX_DESCRIPTION_BYTES],
    ] as const) {
      const body = { topic: 'Tanya', description: '', [field]: emoji(limit) + 'x' };
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: `${field} is too long (max ${limit} bytes)`,
        message: `${field} is too long (max ${limit} bytes)`,
        code: 'text-too-large',
        params: { field, limit },
      });
      expect((await post({ ...body, [field]: emoji(limit) })).statusCode).toBe(200);
    }
  });
});
