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
    await xlsx.downloadXlsx('student-passwords.xlsx', rows(), 'Passwords');
    onDownloaded?.();
  };
  return (
    <>
      <Alert severity="success" sx={{ mb: 2 }}>
        {result.created} {result.created === 1 ? 'student' : 'students'} imported.
      </Alert>
      <Typography sx={{ mb: 1 }}>
        Their initial passwords are shown only now. Download them (or note them down) before closing this window.
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
        <Button variant="contained" startIcon={<DownloadIcon />} onClick={download}>
          Download passwords (CSV)
        </Button>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void downloadXlsx().catch(() => undefined)}>
          Download passwords (Excel)
        </Button>
      </Stack>
      <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: 320 }}>
        <Table size="small" stickyHeader aria-label="Imported students" sx={{ minWidth: 480 }}>
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>NIS</TableCell>
              <TableCell>Grade</TableCell>
              <TableCell>Initial password</TableCell>
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
