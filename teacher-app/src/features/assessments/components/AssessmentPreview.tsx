import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '@kelasku/shared-ui';
import { parseQuestions, withReason, type Exam, type Exercise, type Submission } from '@kelasku/shared-api';
import { sheetOrder, type SheetOrder } from '@kelasku/shared-rules';
import { submissionsQuery } from '../../../lib/submissions';
import { QuestionPreviewList } from './QuestionPreviewList';
import { useOwnedAssessment } from '../hooks/useOwnedAssessment';
import type { AssessmentOwner } from '../owners';
import { useRemoveAssessment } from '../api';
import { PageTitle } from '@kelasku/shared-ui/src/PageTitle';

interface AssessmentPreviewProps<T extends Exam | Exercise> {
  owner: AssessmentOwner<T>;
  /** Where Back goes when the screen was opened directly. */
  backTo: (ownerId: number) => string;
  subtitle: (ownerName: string) => string;
  /** Shown under the subtitle (the exam's date and time window). */
  details?: (item: T) => ReactNode;
  editPath: string;
  gradesParam: 'exam_id' | 'exercise_id';
  deleteTitle: string;
  deleteFailed: string;
  deleted: string;
}

/** With shuffling on: pick a student to see the questions and options in the order that student gets. */
function StudentOrderPicker({
  students,
  value,
  onChange,
}: {
  students: Submission[];
  value: number | '';
  onChange: (id: number | '') => void;
}) {
  const { t } = useTranslation('teacher');
  return (
    <TextField
      select
      size="small"
      label={t('assessments.preview.orderOf')}
      value={value}
      onChange={(e) => onChange(e.target.value === '' ? '' : Number(e.target.value))}
      sx={{ minWidth: 260, maxWidth: '100%', mb: 2 }}
    >
      <MenuItem value="">{t('assessments.preview.originalOrder')}</MenuItem>
      {students.map((s) => (
        <MenuItem key={s.student_id} value={s.student_id}>
          {s.name} ({s.nis})
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The order the chosen student sees, from their seed in the class list (none chosen, or an older server: the original). */
function orderOf(student: Submission | undefined, item: Exam | Exercise): SheetOrder | undefined {
  return student?.order_seed === undefined
    ? undefined
    : sheetOrder(student.order_seed, parseQuestions(item.content).length, item);
}

/** The preview screen of an exam or an exercise: title, questions with the answer key, Edit, Delete and grades. */
export function AssessmentPreview<T extends Exam | Exercise>(props: AssessmentPreviewProps<T>) {
  const { owner, subtitle, details, editPath, gradesParam, deleteTitle, deleteFailed, deleted } = props;
  const { t } = useTranslation('teacher');
  const kind = gradesParam === 'exam_id' ? 'exam' : 'exercise';
  const loaded = useOwnedAssessment(owner, props.backTo);
  const remove = useRemoveAssessment(kind);
  const [confirming, setConfirming] = useState(false);
  const [studentId, setStudentId] = useState<number | ''>('');
  const shuffled = loaded.ready && Boolean(loaded.item.shuffle_questions || loaded.item.shuffle_options);
  const itemId = loaded.ready ? loaded.item.id : 0;
  // The class's students (their grades rows), for "show one student's order" when shuffling is on.
  const students = useQuery({ ...submissionsQuery({ kind, id: itemId }), enabled: shuffled });

  if (!loaded.ready) return loaded.screen;
  const { ownerId, item, ownerName, goBack } = loaded;
  const editQuery = owner.editQuery ? owner.editQuery(item) : `${owner.param}=${ownerId}`;

  const confirmRemove = () =>
    remove.mutate(item.id, {
      onError: (err) => {
        setConfirming(false);
        window.alert(withReason(deleteFailed, err));
      },
      onSuccess: () => {
        window.alert(deleted);
        goBack();
      },
    });

  return (
    <Box sx={{ maxWidth: 960 }}>
      <Button onClick={goBack} sx={{ mb: 1 }}>
        {t('assessments.back')}
      </Button>
      <PageTitle>{item.title}</PageTitle>
      {ownerName && (
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {subtitle(ownerName)}
        </Typography>
      )}
      {details?.(item)}
      <Stack direction="row" spacing={1} useFlexGap sx={{ my: 2, flexWrap: 'wrap', rowGap: 1 }}>
        {editQuery !== null && (
          <Button variant="contained" component={RouterLink} to={`${editPath}?${editQuery}`}>
            {t('assessments.preview.edit')}
          </Button>
        )}
        <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
          {t('assessments.preview.delete')}
        </Button>
        <Button variant="text" component={RouterLink} to={`/Grades?${gradesParam}=${item.id}`}>
          {t('assessments.preview.grades')}
        </Button>
      </Stack>
      {shuffled && <StudentOrderPicker students={students.data ?? []} value={studentId} onChange={setStudentId} />}
      <QuestionPreviewList
        content={item.content}
        order={orderOf(
          students.data?.find((s) => s.student_id === studentId),
          item,
        )}
      />
      <ConfirmDialog
        open={confirming}
        title={deleteTitle}
        message={t('assessments.preview.deleteConfirm', { title: item.title })}
        confirmLabel={t('assessments.preview.delete')}
        destructive
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
