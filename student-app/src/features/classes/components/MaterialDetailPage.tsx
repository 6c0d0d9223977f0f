import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Fab from '@mui/material/Fab';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Zoom from '@mui/material/Zoom';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Assignment from '@mui/icons-material/Assignment';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import { useQuery } from '@tanstack/react-query';
import { LoadFailure, LoadingState, NotFoundState, SafeHtml } from '@kelasku/shared-ui';
import { PageTitle } from '../../../components/PageTitle';
import { awaitsData } from '../../../lib/query-state';
import { currentStudentId, idParam } from '../../../lib/student';
import { markMaterialOpened } from '../../../lib/seen';
import { DiscussionBoard } from '../../../components/discussions/DiscussionBoard';
import { materialDiscussions, materialQuery } from '../api';

const FAB_SIZE = 48;
const FAB_INSET = 16;
const CONTROLS = 'button, a[href], input, textarea, select, [role="button"], [role="radio"], [role="checkbox"]';

/** True when a control (other than the button itself) lies where the floating button sits, with a small margin. */
function controlUnderFab(fab: HTMLElement | null): boolean {
  const right = window.innerWidth - FAB_INSET + 8;
  const bottom = window.innerHeight - FAB_INSET + 8;
  const left = right - FAB_SIZE - 16;
  const top = bottom - FAB_SIZE - 16;
  for (const el of document.querySelectorAll<HTMLElement>(CONTROLS)) {
    if (fab?.contains(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.height > 0 && r.left < right && r.right > left && r.top < bottom && r.bottom > top)
      return true;
  }
  return false;
}

/**
 * "Scroll to top" floats in the bottom-right corner once the page is scrolled, and steps aside whenever a control
 * (a discussion's "Send answer", its answer box, the pager) is under it: a floating button must never take a tap
 * meant for something else.
 */
function ScrollToTop() {
  const { t } = useTranslation('student');
  const [visible, setVisible] = useState(false);
  const fabRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setVisible(window.scrollY > 300 && !controlUnderFab(fabRef.current)));
    };
    check();
    const events = ['scroll', 'resize', 'focusin', 'input', 'click'] as const;
    for (const e of events) window.addEventListener(e, check, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      for (const e of events) window.removeEventListener(e, check);
    };
  }, []);
  return (
    <Zoom in={visible}>
      <Fab
        ref={fabRef}
        color="primary"
        size="medium"
        aria-label={t('material.scrollToTop')}
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        sx={{ position: 'fixed', right: FAB_INSET, bottom: FAB_INSET }}
      >
        <KeyboardArrowUp />
      </Fab>
    </Zoom>
  );
}

/** /MyDetailSubject/:id — the material (sanitized HTML) and its Material Discussions. */
export default function MaterialDetailPage() {
  const { t } = useTranslation('student');
  const materialId = idParam(useParams().id);
  const classIdFromQuery = idParam(useSearchParams()[0].get('class_id'));
  const query = useQuery({ ...materialQuery(materialId ?? 0), enabled: Boolean(materialId) });
  const { data: material, error } = query;
  const loading = awaitsData(query);

  useEffect(() => {
    if (material) markMaterialOpened(currentStudentId(), { id: material.id, class_id: material.class_id });
  }, [material]);

  const source = useMemo(() => (materialId ? materialDiscussions(materialId) : null), [materialId]);

  const classId = classIdFromQuery ?? material?.class_id;
  return (
    <>
      <Button
        component={RouterLink}
        to={classId ? `/MyDetailClasses/${classId}` : '/MyClasses'}
        startIcon={<ArrowBack />}
        sx={{ mb: 1 }}
      >
        {t('material.backToMaterials')}
      </Button>
      {!materialId && (
        <NotFoundState message={t('material.noMaterial')} backTo="/MyClasses" backLabel={t('material.backToClasses')} />
      )}
      {materialId && loading && <LoadingState />}
      {materialId && !loading && !material && (
        <LoadFailure
          error={error}
          what={t('what.material')}
          failed={t('material.failed')}
          onRetry={() => void query.refetch()}
          backTo={classId ? `/MyDetailClasses/${classId}` : '/MyClasses'}
          backLabel={classId ? t('material.backToMaterials') : t('material.backToClasses')}
        />
      )}
      {!loading && material && (
        <>
          <PageTitle>{material.title}</PageTitle>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
            <SafeHtml html={material.content} />
          </Paper>
          {material.exercise_id != null && (
            <Paper
              variant="outlined"
              component="section"
              aria-label={t('material.exercise.label')}
              sx={{
                p: 2,
                mb: 3,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: 1.5,
                flexWrap: 'wrap',
              }}
            >
              <Typography>{t('material.exercise.text')}</Typography>
              <Button
                variant="contained"
                component={RouterLink}
                to={`/MyTask?material_id=${material.id}`}
                startIcon={<Assignment />}
              >
                {t('material.exercise.open')}
              </Button>
            </Paper>
          )}
          <Divider sx={{ mb: 2 }} />
          {source && (
            <Box>
              <DiscussionBoard
                source={source}
                heading={t('material.discussions.title')}
                errorText={t('material.discussions.error')}
                emptyText={t('material.discussions.empty')}
              />
            </Box>
          )}
        </>
      )}
      <ScrollToTop />
    </>
  );
}
