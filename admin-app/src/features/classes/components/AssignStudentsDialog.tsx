import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage, type Student } from '@kelasku/shared-api';
import { searchMatches } from '@kelasku/shared-rules/src/search-text';
import { allStudentsQuery } from '../../../lib/account-lists';
import { useAssignStudents } from '../api';

export interface AssignStudentsDialogProps {
  open: boolean;
  classId: number;
  /** Ids already in the class: still listed, marked and not selectable (the spec's submit check stays as a backstop). */
  assignedIds: ReadonlySet<number>;
  /** The class's grade: choosing a student of another grade is allowed but warned about. */
  classGrade: number;
  onClose: () => void;
  onAssigned: () => void;
}

function AssignForm({
  classId,
  assignedIds,
  classGrade,
  onClose,
  onAssigned,
}: Omit<AssignStudentsDialogProps, 'open'>) {
  const { t } = useTranslation('admin');
  const all = useQuery(allStudentsQuery());
  const [chosen, setChosen] = useState<Student[]>([]);
  const assign = useAssignStudents(classId);
  const reason = assign.isError ? errorMessage(assign.error) : undefined;
  let failure: string | null = null;
  if (assign.isError) failure = reason ? t('classes.assign.failedReason', { reason }) : t('classes.assign.failed');

  const otherGrade = chosen.filter((s) => s.grade !== classGrade);

  const submit = () => {
    if (chosen.length === 0) {
      window.alert(t('classes.assign.chooseOne'));
      return;
    }
    if (chosen.some((s) => assignedIds.has(s.id))) {
      window.alert(t('classes.assign.alreadyAdded'));
      return;
    }
    assign.mutate(
      chosen.map((s) => s.id),
      { onSuccess: onAssigned },
    );
  };

  return (
    <>
      <DialogTitle id="assign-students-title">{t('classes.assign.title')}</DialogTitle>
      <DialogContent>
        <Box sx={{ pt: 1 }}>
          <Autocomplete
            multiple
            options={all.data ?? []}
            loading={all.isPending}
            loadingText={t('classes.assign.loading')}
            noOptionsText={all.isError ? t('classes.assign.loadFailed') : t('classes.assign.noStudents')}
            value={chosen}
            onChange={(_, value) => setChosen(value)}
            getOptionLabel={(s) => `${s.name} (${s.nis})`}
            // the account search's own rule: accents, apostrophes and case do not count, both ways
            filterOptions={(options, { inputValue }) =>
              options.filter((s) => searchMatches(`${s.name} ${s.nis}`, inputValue))
            }
            isOptionEqualToValue={(a, b) => a.id === b.id}
            filterSelectedOptions
            getOptionDisabled={(s) => assignedIds.has(s.id)}
            renderOption={(props, s) => {
              const { key, ...rest } = props as typeof props & { key: string };
              return (
                <li key={key} {...rest}>
                  <Box>
                    <Typography>
                      {s.name} ({s.nis})
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {t('grade.nth', { grade: s.grade })}
                      {assignedIds.has(s.id) ? t('classes.assign.alreadyIn') : ''}
                    </Typography>
                  </Box>
                </li>
              );
            }}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('classes.assign.students')}
                placeholder={t('classes.assign.placeholder')}
              />
            )}
          />
          {otherGrade.length > 0 && (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {otherGrade.map((s) => (
                <div key={s.id}>{t('classes.assign.otherGrade', { name: s.name, grade: s.grade, classGrade })}</div>
              ))}
            </Alert>
          )}
          {failure && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {failure}
            </Alert>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('form.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={assign.isPending}>
          {t('classes.assign.assign')}
        </Button>
      </DialogActions>
    </>
  );
}

/** 'Assign New Student': a multi-select over every student of the school. */
export function AssignStudentsDialog({ open, ...rest }: AssignStudentsDialogProps) {
  // MUI unmounts the dialog's content once closed, so each opening starts with an empty selection (the students come
  // from the cache at once, refetched when older than the cache's freshness).
  return (
    <Dialog open={open} onClose={rest.onClose} fullWidth maxWidth="sm" aria-labelledby="assign-students-title">
      <AssignForm {...rest} />
    </Dialog>
  );
}
