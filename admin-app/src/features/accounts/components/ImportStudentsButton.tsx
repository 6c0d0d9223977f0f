import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { preloadable } from '@kelasku/shared-ui/src/preloadable';
import { FromFirstOpen } from '@kelasku/shared-ui/src/FromFirstOpen';

// Loaded on first use (or as the pointer or focus reaches the button): the CSV reader and the dialog are not needed
// before the list shows.
const ImportStudentsDialog = preloadable(() => import('./ImportStudentsDialog').then((m) => m.ImportStudentsDialog));
const preloadImportDialog = () => void ImportStudentsDialog.preload().catch(() => undefined); // offline: the click tries again

/** 'Import Students from CSV' beside the add button of the student accounts. */
export function ImportStudentsButton() {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<UploadFileIcon />}
        onClick={() => setOpen(true)}
        onPointerEnter={preloadImportDialog}
        onFocus={preloadImportDialog}
      >
        {t('import.open')}
      </Button>
      <FromFirstOpen open={open}>
        <ImportStudentsDialog open={open} onClose={() => setOpen(false)} />
      </FromFirstOpen>
    </>
  );
}
