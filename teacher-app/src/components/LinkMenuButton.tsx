import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Button, { type ButtonProps } from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';

export interface MenuLink {
  label: string;
  to: string;
}

export interface LinkMenuButtonProps extends Pick<ButtonProps, 'variant' | 'startIcon' | 'endIcon'> {
  /** id of the menu, for aria-controls. */
  menuId: string;
  links: MenuLink[];
  children: ReactNode;
}

/** A button that opens a menu of links, e.g. "Create" → Task / Exam. */
export function LinkMenuButton({ menuId, links, children, ...button }: LinkMenuButtonProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        {...button}
        aria-controls={anchor ? menuId : undefined}
        aria-haspopup="true"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {children}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        {links.map((link) => (
          <MenuItem key={link.to} component={RouterLink} to={link.to} onClick={close}>
            {link.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
