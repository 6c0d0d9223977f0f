import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { ImportResult } from '@kelasku/shared-api';
import { useStudentImport } from '../hooks/useStudentImport';
import { NotedCheckbox } from './NotedCheckbox';
import { ImportResultView } from './ImportResultView';
import { ImportHelp } from './ImportHelp';
import { LoadedFileReview } from './LoadedFileReview';

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
  const studentImport = useStudentImport(onImported);
  const { loaded, check, importable } = studentImport;

  if (studentImport.result) return <ImportedPasswords result={studentImport.result} onDone={onClose} />;

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
            onChange={(event) => void studentImport.chooseFile(event)}
            aria-label={t('import.fileLabel')}
          />
        </Button>
        {studentImport.fileError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {studentImport.fileError}
          </Alert>
        )}
        {loaded && (
          <LoadedFileReview
            loaded={loaded}
            check={check}
            errors={studentImport.errors}
            badRows={studentImport.badRows}
            failure={studentImport.failure}
            importable={importable}
            joinClasses={studentImport.joinClasses}
            onJoinClassesChange={studentImport.setJoinClasses}
            onDownloadProblems={studentImport.downloadProblems}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('form.cancel')}</Button>
        {loaded && check === 'failed' && (
          <Button onClick={() => void studentImport.runCheck(loaded)}>{t('import.checkRows')}</Button>
        )}
        <Button
          variant="contained"
          disabled={importable === 0 || studentImport.importing}
          onClick={() => void studentImport.importGood()}
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
