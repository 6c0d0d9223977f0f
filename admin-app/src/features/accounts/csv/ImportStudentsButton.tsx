import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { ImportStudentsDialog } from './ImportStudentsDialog';

export function ImportStudentsButton({ onImported }: { onImported: () => void }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setOpen(true)}>
        {t('import.open')}
      </Button>
      <ImportStudentsDialog open={open} onClose={() => setOpen(false)} onImported={onImported} />
    </>
  );
}
