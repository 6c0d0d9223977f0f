import crypto from 'node:crypto';
import { buildTestApp, type TestApp } from '../test/helpers';
import { CAMERA, GPS_TEXT, greyPng, jpegMetadataSegments, phoneJpeg, pngChunk } from '../test/pictures';
import { cleanStoredPictures } from './clean-stored-pictures';

// App start-up (migrations, a PostgreSQL schema) is slow on the shared machine.
jest.setTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ empty: true });
});
afterAll(async () => {
  await t.close();
});

const hashOf = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');

describe('clean-pictures: pictures stored before uploads were cleaned', () => {
  it('lose their metadata under the same name, once; clean, unreadable and oversized ones are reported', async () => {
    const phone = phoneJpeg(6);
    const tagged = greyPng(2, 2, [pngChunk('tEXt', Buffer.from(`Lokasi\0${GPS_TEXT}`))]);
    const plain = greyPng(3, 3);
    const broken = Buffer.from('\x89PNG\r\n\x1a\n not really', 'latin1');
    const huge = greyPng(5000, 10);
    const rows = [
      ['image/jpeg', phone],
      ['image/png', tagged],
      ['image/png', plain],
      ['image/png', broken],
      ['image/png', huge],
    ] as const;
    await t.app.db
      .insertInto('images')
      .values(rows.map(([mime, data]) => ({ hash: hashOf(data), mime, size: data.length, data })))
      .execute();

    const report = await cleanStoredPictures(t.app.db);
    expect(report).toEqual({
      checked: 5,
      cleaned: 2,
      bytesDropped: expect.any(Number),
      unreadable: [`${hashOf(broken)}.png`],
      oversized: [`${hashOf(huge)}.png`],
    });

    const served = await t.app.inject({ method: 'GET', url: `/api/v1/images/${hashOf(phone)}.jpg` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.includes(Buffer.from(GPS_TEXT)) || served.rawPayload.includes(Buffer.from(CAMERA))).toBe(
      false,
    );
    expect(jpegMetadataSegments(served.rawPayload).find(([marker]) => marker === 0xe1)?.[1].length).toBe(32); // orientation alone
    expect(Number(served.headers['content-length'])).toBe(served.rawPayload.length);
    const png = await t.app.db
      .selectFrom('images')
      .select(['data', 'size'])
      .where('hash', '=', hashOf(tagged))
      .executeTakeFirstOrThrow();
    expect(Buffer.from(png.data).includes(Buffer.from(GPS_TEXT))).toBe(false);
    expect(png.size).toBe(Buffer.from(png.data).length);
    expect(report.bytesDropped).toBe(phone.length + tagged.length - served.rawPayload.length - png.size);

    expect(await cleanStoredPictures(t.app.db)).toMatchObject({ checked: 5, cleaned: 0, bytesDropped: 0 });
  });
});
