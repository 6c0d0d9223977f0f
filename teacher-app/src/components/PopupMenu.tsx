import { Link as RouterLink } from 'react-router-dom';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { MenuEntry } from '../hooks/usePopupMenu';

/** The menu a button opens (loaded on its first open: usePopupMenu). A link closes it as it leaves; an action first closes it. */
export function PopupMenu({
  id,
  anchor,
  entries,
  onClose,
}: {
  id: string;
  anchor: HTMLElement | null;
  entries: MenuEntry[];
  onClose: () => void;
}) {
  return (
    <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {entries.map((entry) =>
        'to' in entry ? (
          <MenuItem key={entry.label} component={RouterLink} to={entry.to} onClick={onClose}>
            {entry.label}
          </MenuItem>
        ) : (
          <MenuItem
            key={entry.label}
            onClick={() => {
              onClose();
              entry.onSelect();
            }}
            sx={entry.destructive ? { color: 'error.main' } : undefined}
          >
            {entry.label}
          </MenuItem>
        ),
      )}
    </Menu>
  );
}
