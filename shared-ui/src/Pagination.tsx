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

/** Previous/next buttons and page numbers; a window of 5 with first/last shortcuts when there are more than 5 pages. */
export function Pagination({ currentPage, totalPages, onPageChange }: PaginationProps) {
  const { t } = useTranslation('common');
  const total = Math.max(1, totalPages);
  return (
    <Stack component="nav" aria-label={t('pagination.label')} direction="row" spacing={0.5} sx={{ my: 2, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'center' }}>
      <IconButton aria-label={t('pagination.previous')} disabled={currentPage <= 1} onClick={() => onPageChange(currentPage - 1)}>
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
            sx={{ minWidth: 36 }}
          >
            {slot}
          </Button>
        ) : (
          <Typography key={slot} component="span" aria-hidden="true" sx={{ px: 0.5 }}>
            …
          </Typography>
        ),
      )}
      <IconButton aria-label={t('pagination.next')} disabled={currentPage >= total} onClick={() => onPageChange(currentPage + 1)}>
        <ChevronRight />
      </IconButton>
    </Stack>
  );
}
