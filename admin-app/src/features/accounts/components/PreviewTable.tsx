import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ImportError } from '@kelasku/shared-api';
import type { ImportRowInput } from '@kelasku/shared-rules';
import { errorText } from '@kelasku/shared-api/src/error-text';
import { errorsByRow } from '../student-rows';

/** Row indexes with the rows that have problems first (each group in file order): those are what needs the admin. */
function ordered(count: number, byRow: Map<number, ImportError[]>): number[] {
  const indexes = Array.from({ length: count }, (_, i) => i);
  return [...indexes.filter((i) => byRow.has(i + 1)), ...indexes.filter((i) => !byRow.has(i + 1))];
}

/** The parsed rows, numbered as the file's rows, with each row's problems beside it; rows with problems first. */
export function PreviewTable({ rows, errors }: { rows: ImportRowInput[]; errors: ImportError[] }) {
  const { t } = useTranslation('admin');
  const byRow = errorsByRow(errors);
  return (
    // it scrolls (long files, narrow screens): focusable, so a keyboard can scroll it too
    <TableContainer
      component={Paper}
      variant="outlined"
      sx={{ maxHeight: 320 }}
      tabIndex={0}
      role="region"
      aria-label={t('import.preview.label')}
    >
      <Table size="small" stickyHeader aria-label={t('import.preview.label')} sx={{ minWidth: 600 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('import.preview.row')}</TableCell>
            <TableCell>{t('accounts.fields.name')}</TableCell>
            <TableCell>{t('accounts.fields.nis')}</TableCell>
            <TableCell>{t('accounts.fields.grade')}</TableCell>
            <TableCell>{t('accounts.fields.status')}</TableCell>
            <TableCell>{t('importClass.field')}</TableCell>
            <TableCell>{t('import.preview.problems')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {ordered(rows.length, byRow).map((i) => {
            const r = rows[i];
            const problems = byRow.get(i + 1);
            return (
              <TableRow
                key={i}
                sx={problems ? { bgcolor: 'rgba(211, 47, 47, 0.08)', '& td': { color: 'error.dark' } } : undefined}
              >
                <TableCell>{i + 1}</TableCell>
                <TableCell>{r.name}</TableCell>
                <TableCell>{r.nis}</TableCell>
                <TableCell>{Number.isNaN(r.grade) ? '' : r.grade}</TableCell>
                <TableCell>{r.status}</TableCell>
                <TableCell>{r.class ?? ''}</TableCell>
                <TableCell>
                  {problems ? (
                    <Box component="ul" sx={{ m: 0, pl: 2 }}>
                      {problems.map((p, k) => (
                        <li key={k}>
                          {p.field}: {errorText(p.code, p.params, p.message)}
                        </li>
                      ))}
                    </Box>
                  ) : (
                    t('import.preview.ok')
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
