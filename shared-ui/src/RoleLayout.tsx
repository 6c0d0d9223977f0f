import type { AppRole } from '@kelasku/shared-rules/src/roles';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import MenuIcon from '@mui/icons-material/Menu';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import LogoutIcon from '@mui/icons-material/Logout';
import { getUserData, signOut } from '@kelasku/shared-api';
// By its shared path, not './unsent-work': a remote then uses the shell's copy, the one the answer sheets and draft
// forms preload, so the warning's chunk is the one already loaded when the connection is gone.
import { loadSignOutWarning, unsentWorkNow, type UnsentNow } from '@kelasku/shared-ui/src/unsent-work';
// By their shared paths: the shell's copies, not second ones in each remote (scripts/first-screen-imports.test.ts).
import { LanguageSwitch } from '@kelasku/shared-ui/src/LanguageSwitch';
import { Logo } from '@kelasku/shared-ui/src/Logo';
import { kelaskuColors } from '@kelasku/shared-ui/src/theme';
import { isLinkActive, isNavGroup, ROLE_TITLE_KEY, type NavItem, type NavLink } from './nav';

// Shown only at a sign-out with unsent work: its dialog components stay off the first screen (unsent-work.ts).
const SignOutWarning = lazy(() => loadSignOutWarning().then((m) => ({ default: m.SignOutWarning })));

export type LayoutRole = AppRole;

export interface RoleLayoutProps {
  role: LayoutRole;
  /** Sidebar title; defaults to the role's ('Kelasku Admin' / 'Kelasku Teacher' / 'Kelasku Student' in English). */
  title?: string;
  /** Sidebar items: the remote's own menu (its src/menu.ts), published with its routes. */
  items: NavItem[];
  children: ReactNode;
}

export const SIDEBAR_WIDTH = 260;
// The specification's alerts, 'Anda Telah Logout' for admins in both languages.
const LOGOUT_ALERT_KEY = {
  admin: 'layout.logoutAlert.admin',
  teacher: 'layout.logoutAlert.teacher',
  student: 'layout.logoutAlert.student',
} as const;

const linkSx = {
  borderRadius: 2,
  mx: 1,
  my: 0.25,
  color: 'rgba(255,255,255,0.85)',
  '&.active, &.active:hover': { bgcolor: 'rgba(255,255,255,0.18)', color: '#fff', fontWeight: 700 },
  '&:hover': { bgcolor: 'rgba(255,255,255,0.08)' },
} as const;

/** "English | Bahasa Indonesia" on the sidebar's dark background; fits the phone drawer's width. */
const languageSx = {
  px: 2,
  pt: 1,
  '& [role="group"]': {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: 0.5,
    color: 'rgba(255,255,255,0.6)',
  },
  '& button': {
    font: 'inherit',
    fontSize: '0.85rem',
    color: 'rgba(255,255,255,0.85)',
    background: 'none',
    border: 0,
    borderRadius: 1,
    px: 0.75,
    py: 0.5,
    cursor: 'pointer',
  },
  '& button:hover': { bgcolor: 'rgba(255,255,255,0.08)' },
  '& button[aria-pressed="true"]': {
    color: '#fff',
    fontWeight: 700,
    textDecoration: 'underline',
    textUnderlineOffset: '3px',
  },
  '& button:focus-visible': { outline: '2px solid #fff', outlineOffset: 1 },
} as const;

function SidebarLink({
  link,
  pathname,
  nested,
  onNavigate,
}: {
  link: NavLink;
  pathname: string;
  nested?: boolean;
  onNavigate: () => void;
}) {
  const active = isLinkActive(link, pathname);
  return (
    <ListItemButton
      component={RouterLink}
      to={link.to}
      className={active ? 'active' : undefined}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      sx={{ ...linkSx, pl: nested ? 5 : 2 }}
    >
      <ListItemText primary={link.label} slotProps={{ primary: { sx: { fontWeight: active ? 700 : 500 } } }} />
    </ListItemButton>
  );
}

function SidebarGroup({
  label,
  links,
  pathname,
  onNavigate,
}: {
  label: string;
  links: NavLink[];
  pathname: string;
  onNavigate: () => void;
}) {
  const containsActive = links.some((l) => isLinkActive(l, pathname));
  const [open, setOpen] = useState(containsActive);
  const id = `nav-group-${label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <>
      <ListItemButton onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={id} sx={linkSx}>
        <ListItemText primary={label} slotProps={{ primary: { sx: { fontWeight: containsActive ? 700 : 500 } } }} />
        {open ? <ExpandLess /> : <ExpandMore />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit id={id}>
        <List component="div" disablePadding>
          {links.map((link) => (
            <SidebarLink key={link.to} link={link} pathname={pathname} nested onNavigate={onNavigate} />
          ))}
        </List>
      </Collapse>
    </>
  );
}

function Sidebar({
  role,
  title,
  items,
  onNavigate,
}: {
  role: LayoutRole;
  title: string;
  items: NavItem[];
  onNavigate: () => void;
}) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [unsent, setUnsent] = useState<UnsentNow | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  const leave = async () => {
    setSigningOut(true);
    await signOut();
    window.alert(t(LOGOUT_ALERT_KEY[role]));
    onNavigate();
    void navigate('/');
  };
  // Work not on the server yet (drafts, answers typed offline): ask first, and offer to wait for the connection.
  const logout = () => {
    const work = unsentWorkNow(getUserData()?.user_id);
    if (work.drafts > 0 || work.answers > 0) setUnsent(work);
    else void leave();
  };
  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', bgcolor: kelaskuColors.sidebar, color: '#fff' }}
    >
      <Box sx={{ px: 2, py: 2.5, display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box sx={{ bgcolor: '#fff', borderRadius: 2, p: 0.5, display: 'flex' }}>
          <Logo size={28} wordmark={false} />
        </Box>
        <Typography component="p" variant="h6" sx={{ fontWeight: 700, fontSize: '1.1rem' }}>
          {title}
        </Typography>
      </Box>
      <List component="nav" aria-label={t('layout.navigation', { title })} sx={{ flex: 1 }}>
        {items.map((item) =>
          isNavGroup(item) ? (
            <SidebarGroup
              key={item.label}
              label={item.label}
              links={item.children}
              pathname={pathname}
              onNavigate={onNavigate}
            />
          ) : (
            <SidebarLink key={item.to} link={item} pathname={pathname} onNavigate={onNavigate} />
          ),
        )}
      </List>
      <Box sx={languageSx}>
        <LanguageSwitch label={t('language.label')} />
      </Box>
      <List component="div">
        <ListItemButton onClick={logout} disabled={signingOut} sx={linkSx}>
          <LogoutIcon fontSize="small" sx={{ mr: 1.5 }} />
          <ListItemText primary={t('layout.logout')} />
        </ListItemButton>
      </List>
      {unsent && (
        <Suspense fallback={null}>
          <SignOutWarning
            work={unsent}
            busy={signingOut}
            onWait={() => setUnsent(null)}
            onSignOut={() => void leave()}
          />
        </Suspense>
      )}
    </Box>
  );
}

/**
 * Page frame of every signed-in screen: the role's sidebar (a drawer behind a menu button on phones, < 600 px)
 * and the content area. Logout clears the session, shows the role's alert and goes to '/'.
 */
export function RoleLayout({ role, title, items, children }: RoleLayoutProps) {
  const { t } = useTranslation('common');
  const phone = useMediaQuery('(max-width:599.95px)', { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const sidebarTitle = title ?? t(ROLE_TITLE_KEY[role]);
  const sidebar = <Sidebar role={role} title={sidebarTitle} items={items} onNavigate={() => setDrawerOpen(false)} />;
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      {phone ? (
        <>
          <AppBar position="fixed" elevation={1} sx={{ bgcolor: kelaskuColors.sidebar }}>
            <Toolbar variant="dense">
              <IconButton
                color="inherit"
                edge="start"
                aria-label={t('layout.openMenu')}
                onClick={() => setDrawerOpen(true)}
                sx={{ mr: 1 }}
              >
                <MenuIcon />
              </IconButton>
              <Typography component="p" variant="h6" sx={{ fontSize: '1.05rem', fontWeight: 700 }}>
                {sidebarTitle}
              </Typography>
            </Toolbar>
          </AppBar>
          <Drawer
            variant="temporary"
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            ModalProps={{ keepMounted: false }}
            slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH, border: 0 } } }}
          >
            {sidebar}
          </Drawer>
        </>
      ) : (
        <Box component="aside" sx={{ width: SIDEBAR_WIDTH, flexShrink: 0 }}>
          <Box sx={{ position: 'fixed', top: 0, bottom: 0, width: SIDEBAR_WIDTH, overflowY: 'auto' }}>{sidebar}</Box>
        </Box>
      )}
      <Box
        component="main"
        sx={{ flex: 1, minWidth: 0, p: { xs: 2, sm: 3 }, pt: { xs: phone ? 8 : 2, sm: phone ? 8 : 3 } }}
      >
        {children}
      </Box>
    </Box>
  );
}
