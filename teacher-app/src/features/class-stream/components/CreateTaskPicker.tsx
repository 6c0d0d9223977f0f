import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { EmptyState, ErrorState, LoadingState, NotFoundState } from '@kelasku/shared-ui';
import { useGoBack } from '@kelasku/shared-ui/src/useGoBack';
import { parsePositiveInt } from '../../../lib/params';
import { classMaterialsQuery } from '../api';
import { PageTitle } from '@kelasku/shared-ui/src/PageTitle';

/** /create-task?class_id=: a task is a material's exercise, so the teacher first picks the material. */
export default function CreateTaskPicker() {
  const { t } = useTranslation('teacher');
  const [params] = useSearchParams();
  const classId = parsePositiveInt(params.get('class_id'));
  const goBack = useGoBack(classId ? `/ManageTaskExam?class_id=${classId}` : '/DashboardTeacher');
  const materials = useQuery({ ...classMaterialsQuery(classId ?? 0), enabled: classId != null });

  if (!classId)
    return (
      <NotFoundState
        message={t('classStream.noneChosen')}
        backTo="/DashboardTeacher"
        backLabel={t('classStream.backToDashboard')}
      />
    );
  if (!materials.data) {
    return materials.isError ? (
      <ErrorState
        message={t('classStream.task.loadFailed')}
        error={materials.error}
        onRetry={() => void materials.refetch()}
      />
    ) : (
      <LoadingState />
    );
  }
  const all = materials.data.materials;
  const open = all.filter((m) => m.exercise_id == null);
  return (
    <Box sx={{ maxWidth: 760 }}>
      <Button onClick={goBack} sx={{ mb: 1 }}>
        {t('classStream.back')}
      </Button>
      <PageTitle>{t('classStream.task.title')}</PageTitle>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('classStream.task.intro')}
      </Typography>
      {open.length === 0 ? (
        <EmptyState
          message={all.length === 0 ? t('classStream.task.noSubjects') : t('classStream.task.allHaveExercise')}
        />
      ) : (
        <Paper variant="outlined">
          <List disablePadding>
            {open.map((m, i) => (
              <ListItem
                key={m.id}
                divider={i < open.length - 1}
                secondaryAction={
                  <Button
                    component={RouterLink}
                    to={`/CreateExercise?material_id=${m.id}`}
                    aria-label={t('classStream.createExerciseLabel', { title: m.title })}
                  >
                    {t('classStream.createExercise')}
                  </Button>
                }
              >
                <ListItemText primary={m.title} secondary={m.description} sx={{ pr: 16, overflowWrap: 'anywhere' }} />
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
    </Box>
  );
}
