import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import type { ImportResult } from '@kelasku/shared-api';
import { downloadCsv } from '@kelasku/shared-api/src/csv';

/** After a successful import: how many were created and their one-time passwords (also as a CSV or Excel download). */
export function ImportResultView({ result, onDownloaded }: { result: ImportResult; onDownloaded?: () => void }) {
  const { t } = useTranslation('admin');
  // The file's column headers stay in English in every language: other systems read them.
  const rows = () => [
    ['name', 'nis', 'grade', 'initial_password'],
    ...result.students.map((s) => [s.name, s.nis, s.grade, s.initial_password ?? '']),
  ];
  const download = () => {
    downloadCsv('student-passwords.csv', rows());
    onDownloaded?.();
  };
  // The Excel writer loads only on this click. Done is enabled once the file is really saved.
  const downloadXlsx = async () => {
    const xlsx = await import('@kelasku/shared-api/src/xlsx');
    await xlsx.downloadXlsx('student-passwords.xlsx', rows(), 'Passwords'); // the sheet's name, like the headers, is the file's
    onDownloaded?.();
  };
  return (
    <>
      <Alert severity="success" sx={{ mb: 2 }}>
        {t('import.result.imported', { count: result.created })}
      </Alert>
      <Typography sx={{ mb: 1 }}>{t('import.result.passwordsOnce')}</Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
        <Button variant="contained" startIcon={<DownloadIcon />} onClick={download}>
          {t('import.result.downloadCsv')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => void downloadXlsx().catch(() => undefined)}
        >
          {t('import.result.downloadExcel')}
        </Button>
      </Stack>
      <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: 320 }}>
        <Table size="small" stickyHeader aria-label={t('import.result.tableLabel')} sx={{ minWidth: 480 }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('accounts.fields.name')}</TableCell>
              <TableCell>{t('accounts.fields.nis')}</TableCell>
              <TableCell>{t('accounts.fields.grade')}</TableCell>
              <TableCell>{t('import.result.initialPassword')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {result.students.map((s) => (
              <TableRow key={s.id}>
                <TableCell>{s.name}</TableCell>
                <TableCell>{s.nis}</TableCell>
                <TableCell>{s.grade}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{s.initial_password}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
