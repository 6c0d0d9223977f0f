/**
 * jsdom has no image decoding or canvas drawing: `mockCanvas` sets the photo's size and how many bytes the canvas
 * encodes, for the picture-shrinking tests. Call `restoreCanvas` after each test.
 */
export function mockCanvas(photo: { width: number; height: number }, encodedBytes: number) {
  const drawImage = jest.fn();
  Object.assign(globalThis, { createImageBitmap: jest.fn(async () => ({ ...photo, close: jest.fn() })) });
  jest
    .spyOn(HTMLCanvasElement.prototype, 'getContext')
    .mockReturnValue({ drawImage } as unknown as CanvasRenderingContext2D);
  jest.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function toBlob(callback, type) {
    callback(new Blob([new Uint8Array(encodedBytes)], { type }));
  });
  return drawImage;
}

export function restoreCanvas() {
  jest.restoreAllMocks();
  delete (globalThis as { createImageBitmap?: unknown }).createImageBitmap;
}
