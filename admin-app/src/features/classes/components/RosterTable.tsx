import { useTranslation } from 'react-i18next';
import { stickyActionSx } from '@kelasku/shared-ui';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import DeleteIcon from '@mui/icons-material/Delete';
import type { Student } from '@kelasku/shared-api';

/** Name, NIS, Grade, Status, Action; scrolls sideways on phones, Action stays in view. */
export function RosterTable({ students, onUnassign }: { students: Student[]; onUnassign: (s: Student) => void }) {
  const { t } = useTranslation('admin');
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" sx={{ minWidth: 560 }} aria-label={t('classes.detail.rosterLabel')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('accounts.fields.name')}</TableCell>
            <TableCell>{t('accounts.fields.nis')}</TableCell>
            <TableCell>{t('accounts.fields.grade')}</TableCell>
            <TableCell>{t('accounts.fields.status')}</TableCell>
            <TableCell align="center" sx={stickyActionSx}>{t('accounts.table.action')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {students.map((s) => (
            <TableRow key={s.id} hover>
              <TableCell>{s.name}</TableCell>
              <TableCell>{s.nis}</TableCell>
              <TableCell>{s.grade}</TableCell>
              <TableCell>{s.status}</TableCell>
              <TableCell align="center" sx={stickyActionSx}>
                <IconButton aria-label={t('classes.detail.unassignLabel', { name: s.name })} color="error" onClick={() => onUnassign(s)}>
                  <DeleteIcon />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
