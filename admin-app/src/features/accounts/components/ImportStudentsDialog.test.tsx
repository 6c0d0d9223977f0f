import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '@kelasku/shared-ui/src/test-utils';
import { refusal } from '../../../../../jest/msw-server';
import { reply, type ReplyOf, type SentTo } from '../../../../../jest/msw-routes';
import { classItem } from '../../../test/fixtures';
import { ImportStudentsDialog } from './ImportStudentsDialog';

/** POST /students/import, as the arguments of studentsApi.importRows (rows, dry run, join_classes when sent). */
type Import = SentTo<'post /students/import'>['body'];
const importRows = jest.fn<ReplyOf<'post /students/import'>, [Import['rows'], boolean, boolean?]>();
const GOOD = 'name,nis,grade,status\nSiti Rahma,2024100101,10,Active\nRudi,2024100102,11,Active\n';
const rows = [
  { name: 'Siti Rahma', nis: '2024100101', grade: 10, status: 'Active' },
  { name: 'Rudi', nis: '2024100102', grade: 11, status: 'Active' },
];

/** The server's 400 to an import with problem rows: the per-row errors in the body. */
const refused = (errors: unknown[]) =>
  refusal(400, { error: 'Import refused', message: 'Import refused', created: 0, errors, students: [] });

async function chooseFile(text: string, name = 'students.csv') {
  await userEvent.upload(screen.getByLabelText('CSV file'), new File([text], name, { type: 'text/csv' }));
}

const onImported = jest.fn();
beforeEach(() => {
  jest.clearAllMocks();
  importRows.mockReset(); // answers queued by a test that failed early must not reach the next one
  const names: Record<number, string[]> = { 10: ['X IPA 1', 'X IPS 1'], 11: [] };
  reply('post /students/import', ({ body }) =>
    body.join_classes === undefined
      ? importRows(body.rows, body.dry_run)
      : importRows(body.rows, body.dry_run, body.join_classes),
  );
  reply('get /classes', ({ query }) => {
    const grade = Number(query.grade);
    return {
      classes: (names[grade] ?? []).map((name, i) => classItem({ id: grade * 10 + i, name, grade })),
      meta: { page: 1, pageSize: 100, total: (names[grade] ?? []).length, totalPage: 1, totalpages: 1 },
    };
  });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('ImportStudentsDialog', () => {
  it('previews, checks with a dry run, imports and shows the passwords as a CSV download', async () => {
    importRows.mockResolvedValueOnce({ created: 0, errors: [], students: [] }).mockResolvedValueOnce({
      created: 2,
      errors: [],
      students: [
        { id: 31, ...rows[0], initial_password: 'pw-siti-1' },
        { id: 32, ...rows[1], initial_password: 'pw-rudi-2' },
      ],
    });
    const createObjectURL = jest.fn((_blob: Blob) => 'blob:passwords');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});

    renderAt(<ImportStudentsDialog open onClose={() => {}} onImported={onImported} />);
    const importButton = screen.getByRole('button', { name: 'Import' });
    expect(importButton).toBeDisabled();
    await chooseFile(GOOD);

    const preview = await screen.findByRole('table', { name: 'Students to import' });
    expect(within(preview).getByRole('row', { name: /1 Siti Rahma 2024100101 10 Active OK/ })).toBeInTheDocument();
    await waitFor(() => expect(importRows).toHaveBeenCalledWith(rows, true));
    expect(await screen.findByText(/All rows are valid\./)).toBeInTheDocument();
    expect(onImported).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Import 2 students' }));
    // "every class of the grade" starts unticked
    await waitFor(() => expect(importRows).toHaveBeenLastCalledWith(rows, false, false));
    expect(await screen.findByText('2 students imported.')).toBeInTheDocument();
    expect(onImported).toHaveBeenCalledTimes(1);
    const result = screen.getByRole('table', { name: 'Imported students' });
    expect(within(result).getByRole('row', { name: 'Rudi 2024100102 11 pw-rudi-2' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Download passwords (CSV)' }));
    const blob = createObjectURL.mock.calls[0][0];
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(blob);
    });
    expect(text).toBe(
      'name;nis;grade;initial_password\r\nSiti Rahma;2024100101;10;pw-siti-1\r\nRudi;2024100102;11;pw-rudi-2\r\n',
    );
    expect(click).toHaveBeenCalled();
    click.mockRestore();
  });

  it('lists the rows with problems first, flags a NIS in use before importing, imports only the good rows and gives the bad ones back as a file', async () => {
    // row 2 breaks the shared rules (found in the browser); row 4's NIS is in use (found by the server's dry run, which
    // is sent rows 1, 3, 4 and numbers them 1, 2, 3)
    importRows
      .mockReturnValueOnce(
        refused([
          {
            row: 3,
            field: 'nis',
            message: 'NIS 2024100104 already exists',
            code: 'duplicate-nis',
            params: { number: '2024100104' },
          },
        ]),
      )
      .mockResolvedValueOnce({ created: 2, errors: [], students: [] });
    const createObjectURL = jest.fn((_blob: Blob) => 'blob:problems');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderAt(<ImportStudentsDialog open onClose={() => {}} onImported={onImported} />);
    await chooseFile(
      'nama;nis;tingkat;rombel\nSiti;2024 100 101;10;X-1\n;2;9;X-2\nRudi;2024100103;11;XI-1\nPutri;2024100104;10;X-1\n',
    );

    const preview = await screen.findByRole('table', { name: 'Students to import' });
    expect(await within(preview).findByText('nis: NIS 2024100104 already exists')).toBeInTheDocument();
    const order = within(preview)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0].textContent);
    expect(order).toEqual(['2', '4', '1', '3']);
    const bad = within(preview).getByRole('row', { name: /^2 / });
    expect(within(bad).getByText('name: name is required')).toBeInTheDocument();
    expect(within(bad).getByText('grade: grade must be 10, 11 or 12')).toBeInTheDocument();
    expect(
      screen.getByText(/2 rows have problems: they are listed first and will not be imported\./),
    ).toBeInTheDocument();
    // each row's class (rombel) goes along, for the server to match in the row's grade
    const good = [
      { name: 'Siti', nis: '2024100101', grade: 10, status: 'Active', class: 'X-1' },
      { name: 'Rudi', nis: '2024100103', grade: 11, status: 'Active', class: 'XI-1' },
      { name: 'Putri', nis: '2024100104', grade: 10, status: 'Active', class: 'X-1' },
    ];
    expect(
      within(within(preview).getByRole('row', { name: /^1 / })).getByRole('cell', { name: 'X-1' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(importRows).toHaveBeenCalledWith(good, true));

    await userEvent.click(screen.getByRole('button', { name: 'Download the rows with problems (CSV)' }));
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(createObjectURL.mock.calls[0][0]);
    });
    expect(text).toBe(
      'name;nis;grade;status;class;problems\r\n;2;9;;X-2;"name: name is required; grade: grade must be 10, 11 or 12"\r\nPutri;2024100104;10;;X-1;nis: NIS 2024100104 already exists\r\n',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Import 2 students' }));
    await waitFor(() => expect(importRows).toHaveBeenLastCalledWith([good[0], good[1]], false, false));
    click.mockRestore();
  });

  it('reads a file Excel saved as Windows-1252: the accented name arrives intact', async () => {
    importRows.mockResolvedValueOnce({ created: 0, errors: [], students: [] });
    renderAt(<ImportStudentsDialog open onClose={() => {}} onImported={onImported} />);
    const bytes = new Uint8Array([
      ...Buffer.from('nama;nis;tingkat\r\nAndr'),
      0xe9,
      ...Buffer.from('as;2024100101;10\r\n'),
    ]);
    await userEvent.upload(screen.getByLabelText('CSV file'), new File([bytes], 'excel.csv', { type: 'text/csv' }));
    expect(await screen.findByText(/Read as Windows-1252/)).toBeInTheDocument();
    await waitFor(() =>
      expect(importRows).toHaveBeenCalledWith(
        [{ name: 'Andréas', nis: '2024100101', grade: 10, status: 'Active' }],
        true,
      ),
    );
    expect(await screen.findByRole('button', { name: 'Import 1 student' })).toBeEnabled();
  });

  it('reports a refused real import: nothing imported, errors shown', async () => {
    importRows
      .mockResolvedValueOnce({ created: 0, errors: [], students: [] })
      .mockReturnValueOnce(refused([{ row: 1, field: 'nis', message: 'NIS already exists' }]));
    renderAt(<ImportStudentsDialog open onClose={() => {}} onImported={onImported} />);
    await chooseFile(GOOD);
    await userEvent.click(await screen.findByRole('button', { name: 'Import 2 students' }));
    expect(await screen.findByText('nis: NIS already exists')).toBeInTheDocument();
    expect(screen.getByText(/Nothing was imported/)).toBeInTheDocument();
    expect(screen.queryByText(/students imported/)).not.toBeInTheDocument();
    expect(onImported).not.toHaveBeenCalled();
  });

  it('says which classes the students join: none unless the admin ticks every class of their grade', async () => {
    importRows.mockResolvedValueOnce({ created: 0, errors: [], students: [] }).mockResolvedValueOnce({
      created: 2,
      errors: [],
      students: rows.map((r, i) => ({ id: 40 + i, ...r, initial_password: `pw-${i}` })),
    });
    renderAt(<ImportStudentsDialog open onClose={() => {}} onImported={onImported} />);
    await chooseFile(GOOD);
    const join = await screen.findByRole('checkbox', { name: 'Join every class of their grade' });
    expect(join).not.toBeChecked();
    expect(screen.getByText("No class now: assign the students from a class's page.")).toBeInTheDocument();
    await userEvent.click(join);
    expect(screen.getByText('Grade 10: X IPA 1, X IPS 1')).toBeInTheDocument();
    expect(screen.getByText('Grade 11: no classes yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Import 2 students' }));
    await waitFor(() => expect(importRows).toHaveBeenLastCalledWith(rows, false, true));
  });

  it('explains a file without the needed columns', async () => {
    renderAt(<ImportStudentsDialog open onClose={() => {}} onImported={onImported} />);
    await chooseFile('murid;nis\nSiti;1\n');
    expect(
      await screen.findByText(
        'The header row must name the columns name, nis, grade (and optionally status). Missing: name, grade.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('table')).not.toBeInTheDocument());
  });

  it('keeps the passwords on screen: Esc and a backdrop click do not close; Done waits for Download or the tick', async () => {
    importRows.mockResolvedValueOnce({ created: 0, errors: [], students: [] }).mockResolvedValueOnce({
      created: 1,
      errors: [],
      students: [{ id: 31, ...rows[0], initial_password: 'pw-siti-1' }],
    });
    Object.assign(URL, { createObjectURL: jest.fn((_blob: Blob) => 'blob:passwords'), revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const onClose = jest.fn();
    renderAt(<ImportStudentsDialog open onClose={onClose} onImported={onImported} />);
    await chooseFile('name,nis,grade,status\nSiti Rahma,2024100101,10,Active\n');
    await screen.findByText(/All rows are valid\./);
    await userEvent.click(screen.getByRole('button', { name: 'Import 1 student' }));
    expect(await screen.findByText('1 student imported.')).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    await userEvent.click(document.querySelector('.MuiBackdrop-root') as HTMLElement);
    expect(onClose).not.toHaveBeenCalled();
    const done = screen.getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'I have noted the passwords' }));
    expect(done).toBeEnabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'I have noted the passwords' }));
    expect(done).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Download passwords (CSV)' }));
    expect(done).toBeEnabled();
    await userEvent.click(done);
    expect(onClose).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });
});
