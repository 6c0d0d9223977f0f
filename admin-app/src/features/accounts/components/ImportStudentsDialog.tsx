import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { errorBody, errorMessage, type ImportError, type ImportResult } from '@kelasku/shared-api';
import { useCheckStudentImport, useImportStudents } from '../api';
import { JoinClassesChoice } from './JoinClassesChoice';
import { NotedCheckbox } from './NotedCheckbox';
import { ImportResultView } from './ImportResultView';
import { PreviewTable } from './PreviewTable';
import { decodeCsvBytes, downloadCsv } from '@kelasku/shared-api/src/csv';
import { errorText } from '@kelasku/shared-api/src/error-text';
import { ImportHelp } from './ImportHelp';
import {
  CsvFileError,
  onFileRows,
  problemRowsCsv,
  readStudentCsv,
  rowsWithoutProblems,
  type ParsedStudents,
} from '../student-rows';

type Check = 'idle' | 'checking' | 'checked' | 'failed';

interface Loaded extends ParsedStudents {
  fileName: string;
  encoding: 'utf-8' | 'windows-1252';
}

/** The file's bytes (FileReader works in every browser we support, Blob.arrayBuffer() not in all). */
function readBytes(file: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(file);
  });
}

/** The server's per-row errors, whether it answered 200 (dry run) or 400 with the same body. */
function rowErrors(result: Partial<ImportResult> | undefined): ImportError[] {
  return Array.isArray(result?.errors) ? result.errors : [];
}

/** The one-time passwords of an import, kept on screen until they were downloaded or noted. */
function ImportedPasswords({ result, onDone }: { result: ImportResult; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const [downloaded, setDownloaded] = useState(false);
  const [noted, setNoted] = useState(false);
  return (
    <>
      <DialogContent>
        <ImportResultView result={result} onDownloaded={() => setDownloaded(true)} />
        <NotedCheckbox checked={noted} onChange={setNoted} />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" disabled={!downloaded && !noted} onClick={onDone}>
          {t('form.done')}
        </Button>
      </DialogActions>
    </>
  );
}

/**
 * The rows without problems are checked by the server (a dry run: a NIS already in use is flagged before anything
 * is imported) and only those are imported; the rows with problems are listed first and can be downloaded to fix.
 */
function ImportFlow({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const { t } = useTranslation('admin');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<ImportError[]>([]);
  const [check, setCheck] = useState<Check>('idle');
  const checkRows = useCheckStudentImport();
  const importRows = useImportStudents();
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  // unticked: a row names its class (rombel), or the admin assigns the students later
  const [joinClasses, setJoinClasses] = useState(false);

  /**
   * Sends the rows without a known problem; a dry run only validates. Returns the result, or null after putting the
   * server's row errors on the file's rows (or showing why the server could not be asked).
   */
  const send = async (file: Loaded, known: ImportError[], dryRun: boolean): Promise<ImportResult | null> => {
    const { rows, fileRows } = rowsWithoutProblems(file.rows, known);
    if (rows.length === 0) return null;
    try {
      const answer = dryRun ? await checkRows.mutateAsync(rows) : await importRows.mutateAsync({ rows, joinClasses });
      const errors = rowErrors(answer);
      if (errors.length === 0) return answer;
      setServerErrors(onFileRows(errors, fileRows));
    } catch (err) {
      const errors = rowErrors(errorBody<Partial<ImportResult>>(err));
      if (errors.length > 0) setServerErrors(onFileRows(errors, fileRows));
      else {
        setCheck('failed');
        setFailure(errorMessage(err) ?? t('import.unreachable'));
      }
    }
    return null;
  };

  const runCheck = async (file: Loaded) => {
    setCheck('checking');
    setFailure(null);
    setServerErrors([]);
    await send(file, file.errors, true);
    setCheck((now) => (now === 'failed' ? now : 'checked'));
  };

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again must fire a change
    if (!file) return;
    setLoaded(null);
    setFileError(null);
    setServerErrors([]);
    setCheck('idle');
    setFailure(null);
    try {
      const { text, encoding } = decodeCsvBytes(await readBytes(file));
      const next = { fileName: file.name, encoding, ...readStudentCsv(text) };
      setLoaded(next);
      await runCheck(next);
    } catch (err) {
      setFileError(err instanceof CsvFileError ? err.message : t('import.unreadable'));
    }
  };

  const errors = loaded ? [...loaded.errors, ...serverErrors] : [];
  const badRows = new Set(errors.map((e) => e.row)).size;
  const importable = loaded && check === 'checked' ? loaded.rows.length - badRows : 0;

  const importGood = async () => {
    if (!loaded) return;
    setFailure(null);
    const answer = await send(loaded, errors, false);
    if (answer) {
      setResult(answer);
      onImported();
    } else setFailure((shown) => shown ?? t('import.nothingImported'));
  };

  const downloadProblems = () => {
    if (!loaded) return;
    downloadCsv(
      'students-with-problems.csv',
      problemRowsCsv(loaded.cells, errors, (e) => `${e.field}: ${errorText(e.code, e.params, e.message)}`),
    );
  };

  if (result) return <ImportedPasswords result={result} onDone={onClose} />;

  return (
    <>
      <DialogContent>
        <ImportHelp />
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} sx={{ mb: 2 }}>
          {t('import.choose')}
          <input
            type="file"
            accept=".csv,text/csv"
            hidden
            onChange={(event) => void chooseFile(event)}
            aria-label={t('import.fileLabel')}
          />
        </Button>
        {fileError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {fileError}
          </Alert>
        )}
        {loaded && (
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
              <Button size="small" startIcon={<DownloadIcon />} onClick={downloadProblems} sx={{ mb: 1 }}>
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
                  onChange={setJoinClasses}
                />
              </Box>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('form.cancel')}</Button>
        {loaded && check === 'failed' && <Button onClick={() => void runCheck(loaded)}>{t('import.checkRows')}</Button>}
        <Button
          variant="contained"
          disabled={importable === 0 || importRows.isPending}
          onClick={() => void importGood()}
        >
          {loaded && check === 'checked' ? t('import.importCount', { count: importable }) : t('import.import')}
        </Button>
      </DialogActions>
    </>
  );
}

/** 'Import Students from CSV': parse in the browser, validate with a dry run, then import the rows without problems. */
export function ImportStudentsDialog({
  open,
  onClose,
  onImported,
}: {
  open: boolean;
  onClose: () => void;
  onImported?: () => void;
}) {
  // once students exist, their passwords are on screen: only Done may close (not Esc, not a click beside)
  const { t } = useTranslation('admin');
  const [imported, setImported] = useState(false);
  const done = () => {
    setImported(false);
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={imported ? undefined : onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby="import-students-title"
    >
      <DialogTitle id="import-students-title">{t('import.title')}</DialogTitle>
      <ImportFlow
        onClose={done}
        onImported={() => {
          setImported(true);
          onImported?.();
        }}
      />
    </Dialog>
  );
}
