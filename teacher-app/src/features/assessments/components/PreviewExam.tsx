import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateId, formatWibRange } from '@kelasku/shared-ui';
import type { Exam } from '@kelasku/shared-api';
import { AssessmentPreview } from './AssessmentPreview';
import { examByIdOwner, examOwner } from '../owners';
import { useNumberParam } from '../../../hooks/useNumberParam';
import { infoChipSx } from '../../../lib/chip-styles';
import { useExamStatusText } from '../../../hooks/useExamStatusText';

/** The exam's date, WIB window and status. */
function ExamWhen({ exam }: { exam: Exam }) {
  const statusText = useExamStatusText();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <Typography sx={{ fontWeight: 600 }}>{formatDateId(exam.start_time)}</Typography>
      <Typography>{formatWibRange(exam.start_time, exam.end_time)}</Typography>
      {exam.status && (
        <Chip
          size="small"
          color={exam.status === 'Active' ? 'success' : 'default'}
          label={statusText(exam.status)}
          sx={exam.status === 'Scheduled' ? infoChipSx : undefined}
        />
      )}
    </Stack>
  );
}

/**
 * /PreviewAnExam?class_id=: the class's exam with its date, WIB window and answer key; Edit, Delete, grades.
 * /PreviewAnExam?exam_id=: any exam of a class by its id, a closed one of an earlier term too (no Edit then).
 */
export default function PreviewExam() {
  const { t } = useTranslation('teacher');
  const byId = useNumberParam('exam_id') != null;
  return (
    <AssessmentPreview
      owner={byId ? examByIdOwner : examOwner}
      backTo={(ownerId) => (byId ? '/DashboardTeacher' : `/ManageTaskExam?class_id=${ownerId}`)}
      subtitle={(name) => t('assessments.exam.subtitle', { name })}
      details={(exam) => <ExamWhen exam={exam} />}
      editPath="/EditExam"
      gradesParam="exam_id"
      deleteTitle={t('assessments.exam.deleteTitle')}
      deleteFailed={t('assessments.exam.deleteFailed')}
      deleted={t('assessments.exam.deleted')}
    />
  );
}
