import type { ReactNode } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import { usePopupMenu } from '../hooks/usePopupMenu';

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
export function LinkMenuButton({ menuId, links, children, ...props }: LinkMenuButtonProps) {
  const { button, menu } = usePopupMenu(menuId, links);
  return (
    <>
      <Button {...props} {...button}>
        {children}
      </Button>
      {menu}
    </>
  );
}
