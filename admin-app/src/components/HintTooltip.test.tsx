import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import IconButton from '@mui/material/IconButton';
import { HintTooltip, preloadHints } from './HintTooltip';

test('the button shows alone at first; in use it keeps its node until left, then shows its hint on hover', async () => {
  render(
    <HintTooltip hint="Edit">
      <IconButton aria-label="Edit Andi">E</IconButton>
    </HintTooltip>,
  );
  const alone = screen.getByRole('button', { name: 'Edit Andi' });
  act(() => alone.focus());
  await act(() => preloadHints());
  // The tooltip's code is in, but the focus is on the button: it is not mounted again under the user's key press.
  expect(alone).toBeInTheDocument();
  expect(alone).toHaveFocus();
  expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

  act(() => alone.blur());
  await waitFor(() => expect(alone).not.toBeInTheDocument());
  const hinted = screen.getByRole('button', { name: 'Edit Andi' }); // the same name: the hint does not rename it
  await userEvent.hover(hinted);
  expect(await screen.findByRole('tooltip')).toHaveTextContent('Edit');
});
