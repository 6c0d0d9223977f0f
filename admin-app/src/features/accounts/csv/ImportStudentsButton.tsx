import { useState } from 'react';
import Button from '@mui/material/Button';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { ImportStudentsDialog } from './ImportStudentsDialog';

export function ImportStudentsButton({ onImported }: { onImported: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setOpen(true)}>
        Import from CSV
      </Button>
      <ImportStudentsDialog open={open} onClose={() => setOpen(false)} onImported={onImported} />
    </>
  );
}
