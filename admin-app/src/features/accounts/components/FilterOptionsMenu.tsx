import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { FilterOption } from './FilterMenu';

/** The filter's options as a menu under its button; the chosen option is checked. */
export function FilterOptionsMenu({
  id,
  anchor,
  options,
  value,
  onChoose,
  onClose,
}: {
  id: string;
  anchor: HTMLElement | null;
  options: FilterOption[];
  value: string;
  onChoose: (value: string) => void;
  onClose: () => void;
}) {
  return (
    <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {options.map((o) => (
        <MenuItem
          key={o.value}
          selected={o.value === value}
          aria-checked={o.value === value}
          role="menuitemradio"
          onClick={() => onChoose(o.value)}
        >
          {o.label}
        </MenuItem>
      ))}
    </Menu>
  );
}
