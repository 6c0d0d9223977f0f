import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import type { ImportError } from '@kelasku/shared-api';
import type { ImportCheck, LoadedStudentFile } from '../hooks/useStudentImport';
import { rowsWithoutProblems } from '../student-rows';
import { JoinClassesChoice } from './JoinClassesChoice';
import { PreviewTable } from './PreviewTable';

export interface LoadedFileReviewProps {
  loaded: LoadedStudentFile;
  check: ImportCheck;
  /** the file's problems and the server's, and how many rows they are on */
  errors: ImportError[];
  badRows: number;
  /** why the server could not be asked, or nothing was imported */
  failure: string | null;
  /** how many rows the import would create (0 before the check) */
  importable: number;
  joinClasses: boolean;
  onJoinClassesChange: (join: boolean) => void;
  onDownloadProblems: () => void;
}

/** A chosen CSV file before its import: rows read, the check's state, the rows with problems, and class joining. */
export function LoadedFileReview({
  loaded,
  check,
  errors,
  badRows,
  failure,
  importable,
  joinClasses,
  onJoinClassesChange,
  onDownloadProblems,
}: LoadedFileReviewProps) {
  const { t } = useTranslation('admin');
  return (
    <>
      <Typography role="status" sx={{ mb: 1 }}>
        {t('import.rowsRead', { count: loaded.rows.length, file: loaded.fileName })}{' '}
        {loaded.encoding === 'windows-1252' && `${t('import.readAsWindows1252')} `}
        {check === 'checking' && t('import.checking')}
        {check === 'checked' && badRows === 0 && t('import.valid')}
        {badRows > 0 && t('import.badRows', { count: badRows })}
      </Typography>
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      {badRows > 0 && (
        <Button size="small" startIcon={<DownloadIcon />} onClick={onDownloadProblems} sx={{ mb: 1 }}>
          {t('import.downloadProblems')}
        </Button>
      )}
      <PreviewTable rows={loaded.rows} errors={errors} />
      {importable > 0 && (
        <Box sx={{ mt: 2 }}>
          <JoinClassesChoice
            grades={rowsWithoutProblems(loaded.rows, errors).rows.map((r) => r.grade)}
            who="many"
            checked={joinClasses}
            onChange={onJoinClassesChange}
          />
        </Box>
      )}
    </>
  );
}
