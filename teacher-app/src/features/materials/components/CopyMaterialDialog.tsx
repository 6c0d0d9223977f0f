import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { errorMessage } from '@kelasku/shared-api';
import { registerMessages } from '@kelasku/shared-ui/src/i18n';
import { LoadingState } from '@kelasku/shared-ui/src/states';
import { classLabel } from '../../../lib/teacher-class';
import { myClassesQuery } from '../../../lib/class-queries';
import { useCopyMaterial } from '../api';

// The dialog's texts come with its own chunk: nothing of it is on a first screen.
registerMessages('teacher-copy', (language) => import(`../locales/copy/${language}.json`));

export interface CopyMaterialDialogProps {
  materialId: number;
  /** The subject's class: the copies go to the teacher's other classes of its grade. */
  classId: number;
  onClose: () => void;
  /** After the copies are made, with how many there are. */
  onCopied: (count: number) => void;
}

/** Copies a subject with its exercise into the teacher's parallel classes (same grade, several at once). */
export default function CopyMaterialDialog({ materialId, classId, onClose, onCopied }: CopyMaterialDialogProps) {
  const { t } = useTranslation('teacher-copy');
  const classes = useQuery(myClassesQuery());
  const copy = useCopyMaterial();
  const [chosen, setChosen] = useState<number[]>([]);
  const grade = classes.data?.find((c) => c.id === classId)?.grade;
  const parallel = (classes.data ?? []).filter((c) => c.id !== classId && c.grade === grade);
  const toggle = (id: number) => setChosen((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));
  const submit = () =>
    copy.mutate({ materialId, classIds: chosen }, { onSuccess: (res) => onCopied(res.materials.length) });

  return (
    <Dialog
      open
      onClose={copy.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="copy-material-title"
    >
      <DialogTitle id="copy-material-title">{t('title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{t('intro')}</Typography>
        {classes.isPending && <LoadingState />}
        {classes.isError && <Alert severity="error">{t('loadFailed')}</Alert>}
        {classes.isSuccess && parallel.length === 0 && <Typography color="text.secondary">{t('none')}</Typography>}
        {parallel.length > 0 && grade !== undefined && (
          <FormGroup role="group" aria-labelledby="copy-material-classes">
            <FormLabel id="copy-material-classes">{t('classes', { grade })}</FormLabel>
            {parallel.map((c) => (
              <FormControlLabel
                key={c.id}
                control={<Checkbox checked={chosen.includes(c.id)} onChange={() => toggle(c.id)} />}
                label={classLabel(c)}
              />
            ))}
          </FormGroup>
        )}
        {copy.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t('failed', { reason: errorMessage(copy.error) ?? String(copy.error) })}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={copy.isPending}>
          {t('cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={chosen.length === 0 || copy.isPending}>
          {copy.isPending ? t('copying') : t('submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
