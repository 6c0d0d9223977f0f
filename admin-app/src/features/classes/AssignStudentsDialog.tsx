import { useState } from 'react';
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
import { classesApi, errorMessage, studentsApi, type Student } from '@kelasku/shared-api';
import { useLoad } from '../../hooks/useLoad';

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

function AssignForm({ classId, assignedIds, classGrade, onClose, onAssigned }: Omit<AssignStudentsDialogProps, 'open'>) {
  const all = useLoad(() => studentsApi.all(), 'all-students');
  const [chosen, setChosen] = useState<Student[]>([]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const otherGrade = chosen.filter((s) => s.grade !== classGrade);

  const submit = async () => {
    if (chosen.length === 0) {
      window.alert('Choose at least one student.');
      return;
    }
    if (chosen.some((s) => assignedIds.has(s.id))) {
      window.alert('There are students who have already been added. Remove from selection first.');
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await classesApi.assign(classId, chosen.map((s) => s.id));
      onAssigned();
    } catch (err) {
      const reason = errorMessage(err);
      setFailure(reason ? `Failed to assign students: ${reason}` : 'Failed to assign students');
      setBusy(false);
    }
  };

  return (
    <>
      <DialogTitle id="assign-students-title">Assign New Student</DialogTitle>
      <DialogContent>
        <Box sx={{ pt: 1 }}>
          <Autocomplete
            multiple
            options={all.data ?? []}
            loading={all.loading}
            loadingText="Loading students..."
            noOptionsText={all.error ? 'Failed to load students' : 'No students'}
            value={chosen}
            onChange={(_, value) => setChosen(value)}
            getOptionLabel={(s) => `${s.name} (${s.nis})`}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            filterSelectedOptions
            getOptionDisabled={(s) => assignedIds.has(s.id)}
            renderOption={(props, s) => {
              const { key, ...rest } = props as typeof props & { key: string };
              return (
                <li key={key} {...rest}>
                  <Box>
                    <Typography>{s.name} ({s.nis})</Typography>
                    <Typography variant="caption" color="text.secondary">
                      {s.grade}th Grade{assignedIds.has(s.id) ? ' · already in this class' : ''}
                    </Typography>
                  </Box>
                </li>
              );
            }}
            renderInput={(params) => <TextField {...params} label="Students" placeholder="Type a name or NIS" />}
          />
          {otherGrade.length > 0 && (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {otherGrade.map((s) => <div key={s.id}>{`${s.name} is in grade ${s.grade}; this is a grade ${classGrade} class.`}</div>)}
            </Alert>
          )}
          {failure && <Alert severity="error" sx={{ mt: 2 }}>{failure}</Alert>}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={busy}>Assign</Button>
      </DialogActions>
    </>
  );
}

/** 'Assign New Student': a multi-select over every student of the school. */
export function AssignStudentsDialog({ open, ...rest }: AssignStudentsDialogProps) {
  // MUI unmounts the dialog's content once closed, so each opening starts with an empty selection and a fresh list.
  return (
    <Dialog open={open} onClose={rest.onClose} fullWidth maxWidth="sm" aria-labelledby="assign-students-title">
      <AssignForm {...rest} />
    </Dialog>
  );
}
