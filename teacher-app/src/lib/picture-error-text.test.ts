import i18next from 'i18next';
import { PictureError } from '@kelasku/shared-rules/src/picture-upload';
import { pictureDimensionsProblem } from '@kelasku/shared-rules/src/pictures';
import { pictureErrorText } from './picture-error-text';

describe('pictureErrorText: a picture with too many pixels', () => {
  const err = new PictureError(pictureDimensionsProblem(5000, 20)!, 'too-many-pixels');

  it("shows the shared rule's sentence in English, with the picture's size", () => {
    expect(pictureErrorText(err)).toBe(
      'This picture is 5000 × 20 pixels; pictures can be at most 4096 pixels on each side. Choose a smaller picture.',
    );
  });

  it('says the same rule in Indonesian', async () => {
    await i18next.changeLanguage('id');
    expect(pictureErrorText(err)).toBe(
      'Gambar ini terlalu besar ukuran pikselnya; setiap sisi gambar paling besar 4.096 piksel. Pilih gambar yang lebih kecil.',
    );
  });
});
