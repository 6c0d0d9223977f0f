import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { pageSlots } from './pageSlots';

export interface PaginationProps {
  currentPage: number;
  totalPages: number;
  onPageChange: (page: number) => void;
}

// Narrower buttons and no gaps on a phone: the widest row (both arrows, 7 page numbers, 2 ellipses) then fits in
// 360 px instead of wrapping its Next arrow onto a line of its own. Buttons stay 30 px or more, above WCAG's 24 px target.
const ARROW_SX = { p: { xs: 0.5, sm: 1 } };
const PAGE_SX = { minWidth: { xs: 30, sm: 36 }, px: { xs: 0.5, sm: 0.625 } };

/** Previous/next buttons and page numbers; a window of 5 with first/last shortcuts when there are more than 5 pages. */
export function Pagination({ currentPage, totalPages, onPageChange }: PaginationProps) {
  const { t } = useTranslation('common');
  const total = Math.max(1, totalPages);
  return (
    <Stack
      component="nav"
      aria-label={t('pagination.label')}
      direction="row"
      spacing={{ xs: 0, sm: 0.5 }}
      sx={{ my: 2, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'center' }}
    >
      <IconButton
        aria-label={t('pagination.previous')}
        sx={ARROW_SX}
        disabled={currentPage <= 1}
        onClick={() => onPageChange(currentPage - 1)}
      >
        <ChevronLeft />
      </IconButton>
      {pageSlots(currentPage, total).map((slot) =>
        typeof slot === 'number' ? (
          <Button
            key={slot}
            size="small"
            variant={slot === currentPage ? 'contained' : 'text'}
            aria-current={slot === currentPage ? 'page' : undefined}
            aria-label={t('pagination.page', { page: slot })}
            onClick={() => slot !== currentPage && onPageChange(slot)}
            sx={PAGE_SX}
          >
            {slot}
          </Button>
        ) : (
          <Typography key={slot} component="span" aria-hidden="true" sx={{ px: { xs: 0.25, sm: 0.5 } }}>
            …
          </Typography>
        ),
      )}
      <IconButton
        aria-label={t('pagination.next')}
        sx={ARROW_SX}
        disabled={currentPage >= total}
        onClick={() => onPageChange(currentPage + 1)}
      >
        <ChevronRight />
      </IconButton>
    </Stack>
  );
}
