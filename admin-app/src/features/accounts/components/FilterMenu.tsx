import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import FilterListIcon from '@mui/icons-material/FilterList';
import { preloadable } from '@kelasku/shared-ui/src/preloadable';
import { FromFirstOpen } from '@kelasku/shared-ui/src/FromFirstOpen';

export interface FilterOption {
  value: string;
  label: string;
}

// Loaded on first open (or as the pointer or focus reaches the button): MUI's menu is in its form chunk, not needed
// before the list shows.
const FilterOptionsMenu = preloadable(() => import('./FilterOptionsMenu').then((m) => m.FilterOptionsMenu));
const preloadOptionsMenu = () => void FilterOptionsMenu.preload().catch(() => undefined); // offline: the click tries again

const MENU_ID = 'apply-filter-menu';

/** 'Apply Filter' button with its menu of options; the chosen option is checked. */
export function FilterMenu({
  options,
  value,
  onChange,
}: {
  options: FilterOption[];
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('admin');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<FilterListIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? MENU_ID : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        onPointerEnter={preloadOptionsMenu}
        onFocus={preloadOptionsMenu}
      >
        {t('accounts.filter.apply')}
      </Button>
      <FromFirstOpen open={anchor !== null}>
        <FilterOptionsMenu
          id={MENU_ID}
          anchor={anchor}
          options={options}
          value={value}
          onChoose={(chosen) => {
            setAnchor(null);
            onChange(chosen);
          }}
          onClose={() => setAnchor(null)}
        />
      </FromFirstOpen>
    </>
  );
}
