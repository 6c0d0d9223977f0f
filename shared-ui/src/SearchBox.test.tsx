// The shared 2-core machine can be slow; user-event interactions on MUI need headroom.
jest.setTimeout(30000);

import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SearchBox } from './SearchBox';

function Harness({ onSearch }: { onSearch: (q: string) => void }) {
  const [query, setQuery] = useState('');
  return (
    <SearchBox
      query={query}
      onChange={setQuery}
      onSearch={onSearch}
      placeholder="Search Student in This Class by NIS or Name"
    />
  );
}

describe('SearchBox', () => {
  it('searches on Enter and on the search button', async () => {
    const onSearch = jest.fn();
    render(<Harness onSearch={onSearch} />);
    const input = screen.getByPlaceholderText('Search Student in This Class by NIS or Name');
    await userEvent.type(input, 'Budi{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('Budi');
    await userEvent.type(input, ' S');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenLastCalledWith('Budi S');
    expect(onSearch).toHaveBeenCalledTimes(2);
  });
});
