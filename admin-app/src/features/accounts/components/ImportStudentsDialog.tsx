import { useState, type ChangeEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { errorBody, errorMessage, studentsApi, type ImportError, type ImportResult, type StudentInput } from '@kelasku/shared-api';
import { invalidateStudentReads } from '../api';
import { JoinClassesChoice } from './JoinClassesChoice';
import { NotedCheckbox } from './NotedCheckbox';
import { ImportResultView } from './ImportResultView';
import { PreviewTable } from './PreviewTable';
import { CSV_COLUMNS, CsvFileError, readStudentCsv } from '../student-rows';

type Check = 'idle' | 'checking' | 'passed' | 'rejected' | 'failed';

interface Loaded {
  fileName: string;
  rows: StudentInput[];
  localErrors: ImportError[];
}

/** The file's text (FileReader works in every browser we support, Blob.text() not in all). */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(file);
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
      <DialogActions><Button variant="contained" disabled={!downloaded && !noted} onClick={onDone}>{t('form.done')}</Button></DialogActions>
    </>
  );
}

function ImportFlow({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const { t } = useTranslation('admin');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<ImportError[]>([]);
  const [check, setCheck] = useState<Check>('idle');
  const [importing, setImporting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [joinClasses, setJoinClasses] = useState(true);

  /** Sends the rows to the server; a dry run only validates. Returns the result or null after showing why not. */
  const send = async (rows: StudentInput[], dryRun: boolean): Promise<ImportResult | null> => {
    try {
      const answer = dryRun ? await studentsApi.importRows(rows, true) : await studentsApi.importRows(rows, false, joinClasses);
      const errors = rowErrors(answer);
      if (errors.length === 0) return answer;
      setServerErrors(errors);
      setCheck('rejected');
    } catch (err) {
      const errors = rowErrors(errorBody<Partial<ImportResult>>(err));
      if (errors.length > 0) {
        setServerErrors(errors);
        setCheck('rejected');
      } else {
        setCheck('failed');
        setFailure(errorMessage(err) ?? t('import.unreachable'));
      }
    }
    return null;
  };

  const runCheck = async (rows: StudentInput[]) => {
    setCheck('checking');
    setFailure(null);
    setServerErrors([]);
    if (await send(rows, true)) setCheck('passed');
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
      const { rows, errors } = readStudentCsv(await readText(file));
      setLoaded({ fileName: file.name, rows, localErrors: errors });
      if (errors.length === 0) await runCheck(rows);
    } catch (err) {
      setFileError(err instanceof CsvFileError ? err.message : t('import.unreadable'));
    }
  };

  const importAll = async () => {
    if (!loaded) return;
    setImporting(true);
    setFailure(null);
    const answer = await send(loaded.rows, false);
    setImporting(false);
    if (answer) {
      setResult(answer);
      onImported();
    }
  };

  if (result) return <ImportedPasswords result={result} onDone={onClose} />;

  const errors = loaded ? [...loaded.localErrors, ...serverErrors] : [];
  const badRows = new Set(errors.map((e) => e.row)).size;
  return (
    <>
      <DialogContent>
        <Typography sx={{ mb: 1 }}>
          {/* the column names and the example are the file's: the same in every language */}
          {t('import.introBefore')} <b>{CSV_COLUMNS.join(', ')}</b> {t('import.introAfter')}
        </Typography>
        <Box component="pre" sx={{ bgcolor: 'grey.100', p: 1, borderRadius: 1, fontSize: '0.85rem', overflowX: 'auto', mt: 0 }}>
          {'name,nis,grade,status\nSiti Rahma,2024100101,10,Active'}
        </Box>
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} sx={{ mb: 2 }}>
          {t('import.choose')}
          <input type="file" accept=".csv,text/csv" hidden onChange={chooseFile} aria-label={t('import.fileLabel')} />
        </Button>
        {fileError && <Alert severity="error" sx={{ mb: 2 }}>{fileError}</Alert>}
        {loaded && (
          <>
            <Typography role="status" sx={{ mb: 1 }}>
              {t('import.rowsRead', { count: loaded.rows.length, file: loaded.fileName })}{' '}
              {check === 'checking' && t('import.checking')}
              {check === 'passed' && t('import.valid')}
              {badRows > 0 && t('import.badRows', { count: badRows })}
            </Typography>
            {failure && <Alert severity="error" sx={{ mb: 2 }}>{failure}</Alert>}
            <PreviewTable rows={loaded.rows} errors={errors} />
            {check === 'passed' && (
              <Box sx={{ mt: 2 }}>
                <JoinClassesChoice grades={loaded.rows.map((r) => r.grade)} who="many" checked={joinClasses} onChange={setJoinClasses} />
              </Box>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('form.cancel')}</Button>
        {loaded && check === 'failed' && (
          <Button onClick={() => runCheck(loaded.rows)}>{t('import.checkRows')}</Button>
        )}
        <Button variant="contained" disabled={!loaded || check !== 'passed' || importing} onClick={importAll}>
          {loaded ? t('import.importCount', { count: loaded.rows.length }) : t('import.import')}
        </Button>
      </DialogActions>
    </>
  );
}

/** 'Import Students from CSV': parse in the browser, validate with a dry run, then import all or nothing. */
export function ImportStudentsDialog({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported?: () => void }) {
  // once students exist, their passwords are on screen: only Done may close (not Esc, not a click beside)
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [imported, setImported] = useState(false);
  const done = () => {
    setImported(false);
    onClose();
  };
  return (
    <Dialog open={open} onClose={imported ? undefined : onClose} fullWidth maxWidth="md" aria-labelledby="import-students-title">
      <DialogTitle id="import-students-title">{t('import.title')}</DialogTitle>
      <ImportFlow onClose={done} onImported={() => { setImported(true); void invalidateStudentReads(queryClient); onImported?.(); }} />
    </Dialog>
  );
}
