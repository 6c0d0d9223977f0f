import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EmptyState, ErrorState, LoadingState } from '@kelasku/shared-ui';
import type { Material } from '@kelasku/shared-api';
import { discussionKeys } from '../../../lib/query-keys';
import { recentDiscussionsQuery } from '../api';
import { DiscussionThread } from '../../../components/DiscussionThread';

/** Stream: the newest materials and the newest questions students asked on them, to answer or remove here. */
export function StreamTab({ materials }: { materials: Material[] }) {
  const { t } = useTranslation('teacher');
  const queryClient = useQueryClient();
  const recent = recentDiscussionsQuery(materials);
  const discussions = useQuery(recent);
  const removed = (id: number) => {
    // Gone from this list at once; the material's own discussion reads again when next shown.
    queryClient.setQueryData(recent.queryKey, (old) => old?.filter((x) => x.id !== id));
    void queryClient.invalidateQueries({ queryKey: discussionKeys.all, refetchType: 'none' });
  };
  return (
    <Stack spacing={3}>
      <Box component="section" aria-labelledby="stream-materials">
        <Typography id="stream-materials" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
          {t('classStream.stream.materials')}
        </Typography>
        {materials.length === 0 ? (
          <EmptyState message={t('classStream.stream.noMaterials')} />
        ) : (
          <Stack spacing={1.5}>
            {materials.slice(0, 5).map((m) => (
              <Card key={m.id} variant="outlined">
                <CardContent
                  sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', '&:last-child': { pb: 2 } }}
                >
                  <Box sx={{ flex: 1, minWidth: 200 }}>
                    <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{m.title}</Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {m.description}
                    </Typography>
                  </Box>
                  <Button
                    size="small"
                    component={RouterLink}
                    to={`/DetailSubjects?id=${m.id}`}
                    aria-label={t('classStream.stream.openLabel', { title: m.title })}
                  >
                    {t('classStream.stream.open')}
                  </Button>
                </CardContent>
              </Card>
            ))}
          </Stack>
        )}
      </Box>
      <Box component="section" aria-labelledby="stream-discussions">
        <Typography id="stream-discussions" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
          {t('classStream.stream.discussions')}
        </Typography>
        {!discussions.data ? (
          discussions.isError ? (
            <ErrorState
              message={t('classStream.stream.discussionsFailed')}
              error={discussions.error}
              onRetry={() => void discussions.refetch()}
            />
          ) : (
            <LoadingState />
          )
        ) : discussions.data.length === 0 ? (
          <EmptyState message={t('classStream.stream.noDiscussions')} />
        ) : (
          <Stack spacing={1.5}>
            {discussions.data.slice(0, 10).map((d) => (
              <DiscussionThread
                key={`${d.material_id}-${d.id}`}
                discussion={d}
                materialTitle={d.material_title}
                onRemoved={removed}
              />
            ))}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
