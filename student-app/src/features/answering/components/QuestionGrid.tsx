import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

export interface QuestionGridProps {
  count: number;
  /** 1-based number of the question on screen. */
  current: number;
  isAnswered: (n: number) => boolean;
  onSelect: (n: number) => void;
}

/** Question numbers in four columns: the current one filled, answered ones tinted, each a button. */
export function QuestionGrid({ count, current, isAnswered, onSelect }: QuestionGridProps) {
  const { t } = useTranslation('student');
  return (
    <Box
      component="nav"
      aria-label={t('sheet.grid.label')}
      data-testid="question-grid"
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: 1 }}
    >
      {Array.from({ length: count }, (_, i) => i + 1).map((n) => {
        const answered = isAnswered(n);
        const isCurrent = n === current;
        return (
          <Button
            key={n}
            onClick={() => onSelect(n)}
            aria-label={answered ? t('sheet.grid.answered', { number: n }) : t('sheet.grid.question', { number: n })}
            aria-current={isCurrent ? 'step' : undefined}
            data-answered={answered || undefined}
            variant={isCurrent ? 'contained' : 'outlined'}
            color={answered && !isCurrent ? 'success' : 'primary'}
            sx={{
              minWidth: 0, minHeight: 44, fontWeight: 700,
              ...(answered && !isCurrent ? { bgcolor: 'rgba(46, 125, 50, 0.1)', borderWidth: 2, '&:hover': { borderWidth: 2 } } : {}),
            }}
          >
            {n}
          </Button>
        );
      })}
    </Box>
  );
}
