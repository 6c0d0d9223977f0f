// Each remote publishes its own menu (its src/menu.ts) with its routes; the shell and shared-ui know none of them.

/** A sidebar link. `match` lists extra path prefixes that also highlight it (e.g. /MyDetailClasses for /MyClasses). */
export interface NavLink {
  label: string;
  to: string;
  match?: string[];
}

/** An expandable sidebar group. */
export interface NavGroup {
  label: string;
  children: NavLink[];
}

export type NavItem = NavLink | NavGroup;

export function isNavGroup(item: NavItem): item is NavGroup {
  return 'children' in item;
}

/** True when `pathname` is the link's route, below it, or under one of its extra prefixes. */
export function isLinkActive(link: NavLink, pathname: string): boolean {
  return [link.to, ...(link.match ?? [])].some(
    (p) => pathname === p || pathname.startsWith(p.endsWith('/') ? p : `${p}/`),
  );
}

/** A menu whose labels are message keys, with its labels in the active language (`t` of the remote's namespace). */
export function translateMenu(items: readonly NavItem[], t: (key: string) => string): NavItem[] {
  const link = (item: NavLink): NavLink => ({ ...item, label: t(item.label) });
  return items.map((item) =>
    isNavGroup(item) ? { ...item, label: t(item.label), children: item.children.map(link) } : link(item),
  );
}

/** The message of each role's sidebar title ('common' namespace): the product name followed by the role. */
export const ROLE_TITLE_KEY = {
  admin: 'layout.roleTitle.admin',
  teacher: 'layout.roleTitle.teacher',
  student: 'layout.roleTitle.student',
} as const;

/** Every role's own "Change password" screen (RemoteRoot adds it to each remote's routes and sidebar). */
export const CHANGE_PASSWORD_PATH = '/ChangePassword';
