import { headerDimensions, PictureError, preparePicture } from './picture-upload';
import { MAX_IMAGE_SIDE_PX, pictureDimensionsProblem } from './pictures';

function gif(width: number, height: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(14);
  bytes.set([...'GIF89a'].map((c) => c.charCodeAt(0)));
  new DataView(bytes.buffer).setUint16(6, width, true);
  new DataView(bytes.buffer).setUint16(8, height, true);
  bytes[13] = 0x3b;
  return bytes;
}

function pngHeader(width: number, height: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, ...[...'IHDR'].map((c) => c.charCodeAt(0))]);
  new DataView(bytes.buffer).setUint32(16, width);
  new DataView(bytes.buffer).setUint32(20, height);
  return bytes;
}

describe('the picture size rule in the browser', () => {
  it('names the size and the limit, the same limit the server applies', () => {
    expect(pictureDimensionsProblem(MAX_IMAGE_SIDE_PX, MAX_IMAGE_SIDE_PX)).toBeNull();
    expect(pictureDimensionsProblem(10_000, 10_000)).toBe(
      `This picture is 10000 × 10000 pixels; pictures can be at most ${MAX_IMAGE_SIDE_PX} pixels on each side. Choose a smaller picture.`,
    );
    expect(pictureDimensionsProblem(1, MAX_IMAGE_SIDE_PX + 1)).not.toBeNull();
  });

  it("reads a GIF's and a PNG's size from their first bytes, and nothing from other files", async () => {
    await expect(headerDimensions(new Blob([gif(5000, 20)]))).resolves.toEqual({ width: 5000, height: 20 });
    await expect(headerDimensions(new Blob([pngHeader(2 ** 31, 2 ** 31)]))).resolves.toEqual({
      width: 2 ** 31,
      height: 2 ** 31,
    });
    await expect(headerDimensions(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])]))).resolves.toBeUndefined();
    await expect(headerDimensions(new Blob([gif(1, 1).subarray(0, 8)]))).resolves.toBeUndefined();
  });

  it('refuses a GIF (sent as it is, never shrunk) over the limit before reading it for upload', async () => {
    const file = new File([gif(5000, 20)], 'besar.gif', { type: 'image/gif' });
    const refusal = preparePicture(file);
    await expect(refusal).rejects.toBeInstanceOf(PictureError);
    await expect(refusal).rejects.toMatchObject({
      reason: 'too-many-pixels',
      message: expect.stringContaining('5000 × 20 pixels'),
    });
  });
});
