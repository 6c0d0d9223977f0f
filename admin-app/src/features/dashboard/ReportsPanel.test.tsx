import { screen } from '@testing-library/react';
import { reportsApi, type Report } from '@kelasku/shared-api';
import { renderAt } from '../../test/render';
import { ReportsPanel } from './ReportsPanel';

jest.mock('@kelasku/shared-api', () => {
  const actual = jest.requireActual('@kelasku/shared-api');
  return { ...actual, reportsApi: { list: jest.fn(), remove: jest.fn() } };
});

test('a reported message is shown as the plain text its author typed, with its line breaks', async () => {
  const message = '<b>x</b> & y\nbaris &lt;dua&gt;';
  const report: Report = {
    id: 1, kind: 'general', discussion_id: 1, reply_id: null, reporter_id: 9, reporter_name: 'Budi', author_name: 'Andi', message,
    created_at: '2025-01-05T08:00:00+07:00',
  };
  (reportsApi.list as jest.Mock).mockResolvedValue([report]);
  renderAt(<ReportsPanel />);
  const shown = await screen.findByText((_, el) => el?.tagName === 'SPAN' && el.textContent === message);
  expect(shown).toHaveStyle({ whiteSpace: 'pre-wrap' });
  expect(shown.querySelector('b')).toBeNull();
});
