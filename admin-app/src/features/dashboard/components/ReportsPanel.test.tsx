import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Report } from '@kelasku/shared-api';
import { renderAt } from '@kelasku/shared-ui/src/test-utils';
import { held, refusal } from '../../../../../jest/msw-server';
import { reply } from '../../../../../jest/msw-routes';
import { ReportsPanel } from './ReportsPanel';

/** A page of reports as GET /reports?page answers it. */
const reportPage = (reports: Report[]) => ({
  reports,
  meta: {
    page: 1,
    pageSize: 20,
    total: reports.length,
    totalPage: reports.length ? 1 : 0,
    totalpages: reports.length ? 1 : 0,
  },
});

const base: Report = {
  id: 1,
  kind: 'general',
  discussion_id: 1,
  reply_id: null,
  reporter_id: 9,
  reporter_name: 'Budi',
  author_name: 'Andi',
  topic: 'Umum',
  message: 'halo',
  reason: null,
  class_id: null,
  class_name: null,
  material_id: null,
  material_title: null,
  created_at: '2025-01-05T08:00:00+07:00',
};

test('a reported message is shown as the plain text its author typed, with its line breaks', async () => {
  const message = '<b>x</b> & y\nbaris &lt;dua&gt;';
  reply('get /reports', () => reportPage([{ ...base, message }]));
  renderAt(<ReportsPanel />);
  const shown = await screen.findByText((_, el) => el?.tagName === 'DIV' && el.textContent === message);
  expect(shown).toHaveStyle({ whiteSpace: 'pre-wrap' });
  expect(shown.querySelector('b')).toBeNull();
});

test('a report shows where (with a link to the class), when, who reported it and why', async () => {
  reply('get /reports', () =>
    reportPage([
      {
        ...base,
        kind: 'material',
        reply_id: 'r-1',
        reason: 'Kata kasar',
        class_id: 7,
        class_name: 'X IPA 1',
        material_id: 3,
        material_title: 'Limit',
      },
    ]),
  );
  renderAt(<ReportsPanel />);
  const item = await screen.findByRole('listitem', { name: 'Report of a message from Andi' });
  expect(within(item).getByRole('link', { name: 'X IPA 1' })).toHaveAttribute('href', '/class/7');
  expect(item).toHaveTextContent('Reply in X IPA 1 / Limit, topic "Umum"');
  expect(item).toHaveTextContent('Reported by Budi on 5 Januari 2025, 08.00 WIB');
  expect(item).toHaveTextContent('Reason: Kata kasar');
});

test('Dismiss asks first, sends the dismissal (its button disabled meanwhile), then the list is read again without it', async () => {
  const user = userEvent.setup();
  let dismissed = false;
  reply('get /reports', () => reportPage(dismissed ? [] : [base]));
  const dismissal = held({ message: 'Report dismissed' });
  const dismiss = reply('post /reports/dismiss', async () => {
    const answered = await dismissal.reply();
    dismissed = true;
    return answered;
  });
  const remove = reply('delete /reports', () => ({ message: 'Report deleted' }));
  renderAt(<ReportsPanel />);
  await user.click(await screen.findByRole('button', { name: 'Dismiss report of message from Andi' }));
  const dialog = await screen.findByRole('dialog', { name: 'Dismiss the reports of this message from Andi?' });
  await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
  await waitFor(() => expect(dismiss).toHaveBeenCalledWith({ query: { id: '1' }, body: undefined }));
  expect(within(dialog).getByRole('button', { name: 'Dismiss' })).toBeDisabled();
  dismissal.release();
  expect(await screen.findByText("There's no reported message for now")).toBeInTheDocument();
  expect(remove).not.toHaveBeenCalled();
});

test('a refused delete closes the dialog and shows the server reason; the report stays listed', async () => {
  const user = userEvent.setup();
  reply('get /reports', () => reportPage([base]));
  reply('delete /reports', () => refusal(404, { message: 'Report not found' }));
  renderAt(<ReportsPanel />);
  await user.click(await screen.findByRole('button', { name: 'Delete reported message from Andi' }));
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Report not found');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.getByRole('listitem', { name: 'Report of a message from Andi' })).toBeInTheDocument();
});

test('reads the reports a page at a time and moves between pages', async () => {
  const user = userEvent.setup();
  const pageOf = (page: number, report: Report) => ({
    reports: [report],
    meta: { page, pageSize: 20, total: 21, totalPage: 2, totalpages: 2 },
  });
  const page = reply('get /reports', ({ query }) =>
    query.page === '1'
      ? pageOf(1, { ...base, id: 30, author_name: 'Andi' })
      : pageOf(2, { ...base, id: 2, author_name: 'Citra' }),
  );
  renderAt(<ReportsPanel />);
  expect(await screen.findByRole('listitem', { name: 'Report of a message from Andi' })).toBeInTheDocument();
  expect(page).toHaveBeenCalledWith({ query: { page: '1', pageSize: '20' }, body: undefined });
  await user.click(screen.getByRole('button', { name: /page 2/i }));
  expect(await screen.findByRole('listitem', { name: 'Report of a message from Citra' })).toBeInTheDocument();
  expect(page).toHaveBeenLastCalledWith({ query: { page: '2', pageSize: '20' }, body: undefined });
});
