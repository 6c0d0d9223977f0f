import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { ImportStudentsDialog } from './ImportStudentsDialog';

/** 'Import Students from CSV' beside the add button of the student accounts. */
export function ImportStudentsButton() {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setOpen(true)}>
        {t('import.open')}
      </Button>
      <ImportStudentsDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
