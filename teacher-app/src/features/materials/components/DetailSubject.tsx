import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SafeHtml } from '@kelasku/shared-ui';
import { useMaterialFromUrl } from '../hooks/useMaterialFromUrl';
import { MaterialDiscussion } from './MaterialDiscussion';
import { PageTitle } from '@kelasku/shared-ui/src/PageTitle';

const CopyMaterialDialog = lazy(() => import('./CopyMaterialDialog'));

/** /DetailSubjects?id={material id}: the subject as students see it, the exercise actions and its discussion. */
export default function DetailSubject() {
  const { t } = useTranslation('teacher');
  const loaded = useMaterialFromUrl();
  const [copyOpen, setCopyOpen] = useState(false);
  const [copied, setCopied] = useState<number | null>(null);
  if (!loaded.ready) return loaded.screen;
  const { subject, goBack } = loaded;
  return (
    <Box sx={{ maxWidth: 960 }}>
      <Button onClick={goBack} sx={{ mb: 1 }}>
        {t('subjects.back')}
      </Button>
      <PageTitle sx={{ mb: 1 }}>{subject.title}</PageTitle>
      {subject.description && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {subject.description}
        </Typography>
      )}
      <Paper sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
        <SafeHtml html={subject.content} />
      </Paper>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button variant="outlined" component={RouterLink} to={`/PreviewExercise?material_id=${subject.id}`}>
          {t('subjects.detail.previewExercise')}
        </Button>
        <Button variant="contained" component={RouterLink} to={`/CreateExercise?material_id=${subject.id}`}>
          {t('subjects.detail.createExercise')}
        </Button>
        <Button
          variant="outlined"
          onClick={() => {
            setCopied(null);
            setCopyOpen(true);
          }}
        >
          {t('subjects.detail.copy')}
        </Button>
      </Stack>
      {copied !== null && (
        <Alert severity="success" sx={{ mt: 2 }} role="status">
          {t('subjects.detail.copied', { count: copied })}
        </Alert>
      )}
      {copyOpen && (
        <Suspense fallback={null}>
          <CopyMaterialDialog
            materialId={subject.id}
            classId={subject.class_id}
            onClose={() => setCopyOpen(false)}
            onCopied={(count) => {
              setCopyOpen(false);
              setCopied(count);
            }}
          />
        </Suspense>
      )}
      <MaterialDiscussion materialId={subject.id} />
    </Box>
  );
}
