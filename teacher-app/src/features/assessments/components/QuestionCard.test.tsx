import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { emptyQuestion, type Question } from '@kelasku/shared-api';
import { QuestionCard } from './QuestionCard';
import { mockCanvas, restoreCanvas } from '../../../test/mock-canvas';

afterEach(restoreCanvas);

function renderCard() {
  const onChange = jest.fn<void, [Question]>();
  render(
    <QuestionCard
      number={1}
      question={emptyQuestion('essay')}
      canRemove={false}
      onChange={onChange}
      onRemove={jest.fn()}
    />,
  );
  return onChange;
}

const phonePhoto = (bytes: number) => new File([new Uint8Array(bytes)], 'IMG_0001.jpg', { type: 'image/jpeg' });

it('shrinks a 12-megapixel phone photo to 1600 px on its longest side and uses it', async () => {
  const drawImage = mockCanvas({ width: 4000, height: 3000 }, 400_000);
  const onChange = renderCard();
  fireEvent.change(screen.getByLabelText('Image for question 1'), { target: { files: [phonePhoto(4_200_000)] } });
  await waitFor(() => expect(onChange).toHaveBeenCalled());
  expect(drawImage).toHaveBeenCalledWith(expect.anything(), 0, 0, 1600, 1200);
  expect(onChange.mock.calls[0][0].image).toMatch(/^data:image\/webp;base64,/);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it('says next to the field, with the server limit, when a picture is still too large after shrinking', async () => {
  mockCanvas({ width: 1500, height: 1000 }, 1_800_000);
  const onChange = renderCard();
  fireEvent.change(screen.getByLabelText('Image for question 1'), { target: { files: [phonePhoto(1_800_000)] } });
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'This picture is still 1.8 MB after shrinking it to 1600 px; pictures can be at most 1.5 MB. Choose a smaller or simpler picture.',
  );
  expect(onChange).not.toHaveBeenCalled();
});
