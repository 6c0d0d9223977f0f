import type { AppRole } from '@kelasku/shared-rules/src/roles';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { getUserData, signOut } from '@kelasku/shared-api';
// By its shared path, not './unsent-work': a remote then uses the shell's copy, the one the answer sheets and draft
// forms preload, so the warning's chunk is the one already loaded when the connection is gone.
import { loadSignOutWarning, unsentWorkNow, type UnsentNow } from '@kelasku/shared-ui/src/unsent-work';
// By their shared paths: the shell's copies, not second ones in each remote (scripts/first-screen-imports.test.ts).
import { LanguageSwitch } from '@kelasku/shared-ui/src/LanguageSwitch';
import { Logo } from '@kelasku/shared-ui/src/Logo';
import { preloadable } from '@kelasku/shared-ui/src/preloadable';
import { afterUsable } from '@kelasku/shared-rules/src/usable-mark';
import { isLinkActive, isNavGroup, ROLE_TITLE_KEY, type NavItem, type NavLink } from './nav';
import { FrameIcon } from './frame-icons';
// The frame around every signed-in screen is plain elements and this static style sheet, not MUI: no emotion rules
// are made at run time before the screen shows, and its MUI stays out of the chunk every signed-in screen loads.
import './role-layout.css';

// Shown only at a sign-out with unsent work: its dialog components stay off the first screen (unsent-work.ts).
const SignOutWarning = lazy(() => loadSignOutWarning().then((m) => ({ default: m.SignOutWarning })));
// The phone's drawer (MUI's modal parts) loads when it is first opened, or as the finger or focus reaches its button.
const PhoneDrawer = preloadable(() => import('./PhoneDrawer').then((m) => m.PhoneDrawer));
const preloadPhoneDrawer = () => void PhoneDrawer.preload().catch(() => undefined); // offline: the open tries again

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
    <RouterLink
      to={link.to}
      className={`kk-nav-item${nested ? ' kk-nav-nested' : ''}${active ? ' active' : ''}`}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
    >
      <span className="kk-nav-label">{link.label}</span>
    </RouterLink>
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
      <button
        type="button"
        className={`kk-nav-item${containsActive ? ' kk-nav-contains-active' : ''}`}
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={id}
      >
        <span className="kk-nav-label">{label}</span>
        <FrameIcon name={open ? 'expandLess' : 'expandMore'} />
      </button>
      {open && (
        <div id={id}>
          {links.map((link) => (
            <SidebarLink key={link.to} link={link} pathname={pathname} nested onNavigate={onNavigate} />
          ))}
        </div>
      )}
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
    <div className="kk-sidebar">
      <div className="kk-sidebar-head">
        <div className="kk-sidebar-logo">
          <Logo size={28} wordmark={false} />
        </div>
        <p className="kk-sidebar-title">{title}</p>
      </div>
      <nav className="kk-nav" aria-label={t('layout.navigation', { title })}>
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
      </nav>
      <div className="kk-sidebar-language">
        <LanguageSwitch label={t('language.label')} />
      </div>
      <div className="kk-sidebar-end">
        <button type="button" className="kk-nav-item" onClick={logout} disabled={signingOut}>
          <FrameIcon name="logout" small />
          <span className="kk-nav-label">{t('layout.logout')}</span>
        </button>
      </div>
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
    </div>
  );
}

const PHONE_QUERY = '(max-width:599.95px)';

// Browsers all have matchMedia; a test's document may not (then: not a phone).
const phoneQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_QUERY) : undefined);

function onViewportChange(notify: () => void): () => void {
  const query = phoneQuery();
  if (!query) return () => {};
  query.addEventListener('change', notify);
  return () => query.removeEventListener('change', notify);
}

/** True below 600 px (role-layout.css switches at the same width). */
function usePhone(): boolean {
  return useSyncExternalStore(
    onViewportChange,
    () => phoneQuery()?.matches ?? false,
    () => false,
  );
}

/**
 * Page frame of every signed-in screen: the role's sidebar (a drawer behind a menu button on phones, < 600 px)
 * and the content area. Logout clears the session, shows the role's alert and goes to '/'.
 */
export function RoleLayout({ role, title, items, children }: RoleLayoutProps) {
  const { t } = useTranslation('common');
  const phone = usePhone();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Mounted from the first open on, so that closing slides it out.
  const [drawerOpened, setDrawerOpened] = useState(false);
  // On a phone the menu is the way to Logout: its drawer's code comes once the screen is usable, so it opens offline.
  useEffect(() => (phone ? afterUsable(preloadPhoneDrawer) : undefined), [phone]);
  const sidebarTitle = title ?? t(ROLE_TITLE_KEY[role]);
  const sidebar = <Sidebar role={role} title={sidebarTitle} items={items} onNavigate={() => setDrawerOpen(false)} />;
  const openDrawer = () => {
    setDrawerOpened(true);
    setDrawerOpen(true);
  };
  return (
    <div className="kk-frame">
      {phone ? (
        <>
          <header className="kk-appbar">
            <button
              type="button"
              className="kk-appbar-menu"
              aria-label={t('layout.openMenu')}
              onClick={openDrawer}
              onPointerDown={preloadPhoneDrawer}
              onFocus={preloadPhoneDrawer}
            >
              <FrameIcon name="menu" />
            </button>
            <p className="kk-appbar-title">{sidebarTitle}</p>
          </header>
          {drawerOpened && (
            <Suspense fallback={null}>
              <PhoneDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} width={SIDEBAR_WIDTH}>
                {sidebar}
              </PhoneDrawer>
            </Suspense>
          )}
        </>
      ) : (
        <aside className="kk-aside">
          <div className="kk-aside-inner">{sidebar}</div>
        </aside>
      )}
      <main className="kk-main">{children}</main>
    </div>
  );
}
