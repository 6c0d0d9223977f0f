import { render, screen, within } from '@testing-library/react';
import type { Reply } from '@kelasku/shared-api';
import { RepliesList } from './discussions';

const reply = (id: string, name: string, text: string): Reply => ({
  id,
  student_id: Number(id),
  name,
  role: 'student',
  time: '2026-11-28T08:00:00Z',
  reply: text,
});

test('a question with no replies says so inside its named list', () => {
  render(<RepliesList label="Replies to Gaya" empty="No replies yet" replies={[]} actionFor={() => null} />);
  const list = screen.getByRole('list', { name: 'Replies to Gaya' });
  expect(within(list).getByText('No replies yet')).toBeInTheDocument();
});

test('each reply shows its text and the action given for it, and only where one is given', () => {
  render(
    <RepliesList
      label="Replies to Gaya"
      empty="No replies yet"
      replies={[reply('1', 'Sari', 'Gaya adalah tarikan'), reply('2', 'Budi', 'Satuannya newton')]}
      actionFor={(r) => (r.id === '2' ? <button type="button">Remove {r.name}</button> : null)}
    />,
  );
  const items = within(screen.getByRole('list', { name: 'Replies to Gaya' })).getAllByRole('listitem');
  expect(items).toHaveLength(2);
  expect(items[0]).toHaveTextContent('Gaya adalah tarikan');
  expect(items[1]).toHaveTextContent('Satuannya newton');
  expect(screen.queryByText('No replies yet')).toBeNull();
  expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Remove Budi']);
});

test('a scrolling list can be reached with the keyboard and is capped in height', () => {
  render(<RepliesList scrolling id="r-1" label="Replies" empty="None" replies={[]} actionFor={() => null} />);
  const list = screen.getByRole('list', { name: 'Replies' });
  expect([list.id, list.tabIndex]).toEqual(['r-1', 0]);
  expect(window.getComputedStyle(list).maxHeight).toBe('13rem');
});
