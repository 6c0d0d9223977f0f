import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddComment from '@mui/icons-material/AddComment';

/** A discussion board's heading (a text is an h2) and its Ask button. */
export function DiscussionBoardHeader({ heading, onAsk }: { heading: ReactNode; onAsk: () => void }) {
  const { t } = useTranslation('student');
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, flexWrap: 'wrap', rowGap: 1 }}
    >
      {typeof heading === 'string' ? (
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {heading}
        </Typography>
      ) : (
        heading
      )}
      <Button variant="contained" startIcon={<AddComment />} onClick={onAsk}>
        {t('discussions.ask')}
      </Button>
    </Stack>
  );
}
