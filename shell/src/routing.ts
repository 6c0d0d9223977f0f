import { roleOf, type Role, type UserData } from '@kelasku/shared-api/src/session';

/**
 * The shell's own pages besides `/` (developer pages). Every other path belongs to the signed-in role's remote, which
 * owns its routes and its menu: the shell knows none of them, so a remote deploys a new screen without the shell.
 */
export const SHELL_PAGES: readonly string[] = ['/test', '/post'];

/** True for /test and /post (with or without a trailing slash, as the router matches them). */
export function isShellPage(pathname: string): boolean {
  return SHELL_PAGES.includes(pathname.replace(/\/+$/, ''));
}

/**
 * The remote to start early on a (re)load: the signed-in role's, on `/` and on every path the remotes own. A path of
 * another role, or one the remote does not have, also needs it: the remote takes the user to their dashboard.
 */
export function warmStartRole(pathname: string, user: UserData | null): Role | null {
  return user && !isShellPage(pathname) ? roleOf(user) : null;
}
