import { render, screen } from '@testing-library/react';
import { FromFirstOpen } from './FromFirstOpen';

function Dialog({ open }: { open: boolean }) {
  return <p>{open ? 'open' : 'closing'}</p>;
}

test('renders nothing until first opened (its code is not asked for), then stays mounted while it closes', () => {
  const { rerender } = render(
    <FromFirstOpen open={false}>
      <Dialog open={false} />
    </FromFirstOpen>,
  );
  expect(screen.queryByRole('paragraph')).not.toBeInTheDocument();
  rerender(
    <FromFirstOpen open>
      <Dialog open />
    </FromFirstOpen>,
  );
  expect(screen.getByText('open')).toBeInTheDocument();
  rerender(
    <FromFirstOpen open={false}>
      <Dialog open={false} />
    </FromFirstOpen>,
  );
  expect(screen.getByText('closing')).toBeInTheDocument();
});
