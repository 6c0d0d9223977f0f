import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { Box, Button, Divider, Fab, Paper, Zoom } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import { materialDiscussionsApi, materialsApi } from '@kelasku/shared-api';
import { ErrorState, LoadingState, SafeHtml } from '@kelasku/shared-ui';
import { DiscussionBoard } from '../../components/discussions/DiscussionBoard';
import type { DiscussionSource } from '../../components/discussions/types';
import { PageTitle } from '../../components/PageTitle';
import { useAsync } from '../../lib/useAsync';
import { idParam } from '../../lib/student';

function ScrollToTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > 300);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return (
    <Zoom in={visible}>
      <Fab
        color="primary"
        size="medium"
        aria-label="Scroll to top"
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        sx={{ position: 'fixed', right: 16, bottom: 16 }}
      >
        <KeyboardArrowUp />
      </Fab>
    </Zoom>
  );
}

/** /MyDetailSubject/:id — the material (sanitized HTML) and its Material Discussions. */
export function MaterialDetailPage() {
  const materialId = idParam(useParams().id);
  const classIdFromQuery = idParam(useSearchParams()[0].get('class_id'));
  const { data: material, error, loading, reload } = useAsync(async () => {
    if (!materialId) throw new Error('Material ID not found');
    return materialsApi.detail(materialId);
  }, [materialId]);

  const source = useMemo<DiscussionSource | null>(
    () =>
      materialId
        ? {
            kind: 'material',
            list: (page, pageSize) => materialDiscussionsApi.list(materialId, page, pageSize),
            create: (body) => materialDiscussionsApi.create(materialId, body),
            update: (id, body) => materialDiscussionsApi.update(id, materialId, body),
            remove: (id) => materialDiscussionsApi.remove(id),
            reply: (id, text) => materialDiscussionsApi.reply(id, text),
          }
        : null,
    [materialId],
  );

  const classId = classIdFromQuery ?? material?.class_id;
  return (
    <>
      <Button component={RouterLink} to={classId ? `/MyDetailClasses/${classId}` : '/MyClasses'} startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        Back to materials
      </Button>
      {loading && <LoadingState />}
      {!loading && (error || !material) && <ErrorState message="Error fetching materials" onRetry={reload} />}
      {!loading && material && (
        <>
          <PageTitle>{material.title}</PageTitle>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
            <SafeHtml html={material.content} />
          </Paper>
          <Divider sx={{ mb: 2 }} />
          {source && (
            <Box>
              <DiscussionBoard
                source={source}
                heading="Material Discussions"
                errorText="Error fetching material discussions, please try again later."
                emptyText={'There are no discussion for this material yet, be the first one to start the discussion by click "Ask a Question" button.'}
              />
            </Box>
          )}
        </>
      )}
      <ScrollToTop />
    </>
  );
}
