import { lazy, Suspense, useMemo, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, Navigate, Route, Routes } from 'react-router-dom';
import { DataProvider } from './data';
import { getUserData } from '@kelasku/shared-api/src/session';
import { CHANGE_PASSWORD_PATH, translateMenu, type NavItem } from './nav';
import { RoleLayout, type LayoutRole } from './RoleLayout';
// By their shared paths: the shell's copies, not second ones in each remote (scripts/first-screen-imports.test.ts).
import { preloadable, SuspenseAfterFirstScreen, type PreloadableComponent } from '@kelasku/shared-ui/src/preloadable';
import { LoadingState } from '@kelasku/shared-ui/src/states';

// Only an account still on the password an admin gave it sees the offer: its Alert stays off everyone else's first screen.
const InitialPasswordOffer = lazy(() =>
  import('./InitialPasswordOffer').then((m) => ({ default: m.InitialPasswordOffer })),
);

// The one skeleton of the three remotes: each App.tsx lists its routes and menu and hands them to RemoteRoot.

/** A path of the remote (a react-router pattern such as '/class/:id'), its screen and the screen's props. */
export interface RemoteRoute {
  path: string;
  // Each route's screen has props of its own: checked where the route is written, not here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  screen: ComponentType<any> | PreloadableComponent<any>;
  props?: object;
}

/** Every role's own screen, besides the remote's routes. */
const ChangePasswordPage = preloadable(() => import('./ChangePasswordPage').then((m) => m.default));

/** The screen as a code-split component, when it is one. */
const preloadableScreen = (screen: RemoteRoute['screen']) =>
  'preload' in screen ? (screen as PreloadableComponent<never>) : undefined;

/**
 * The code-split screen a remote opened at `pathname` shows first: its route's, else (the remote sends unknown paths
 * there) the home route's. Start loading it together with the remote.
 */
export function firstScreenOf(
  routes: readonly RemoteRoute[],
  home: string,
  pathname: string,
): PreloadableComponent<never> | undefined {
  const route = routes.find((r) => matchPath(r.path, pathname)) ?? routes.find((r) => r.path === home);
  return route && preloadableScreen(route.screen);
}

export interface RemoteRootProps {
  role: LayoutRole;
  /** The remote's message namespace: the sidebar's labels are its keys, and the remote waits for its messages. */
  namespace: string;
  menu: readonly NavItem[];
  routes: readonly RemoteRoute[];
  /** Where `/` and unknown paths (another role's too) lead: the role's dashboard. */
  home: string;
  /** The screen of the URL the remote was opened at (firstScreenOf), shown without a Suspense fallback's delay. */
  firstScreen?: PreloadableComponent<never>;
}

function RemoteScreens({ role, namespace, menu, routes, home, firstScreen }: RemoteRootProps) {
  const { t } = useTranslation(namespace);
  const { t: common } = useTranslation('common');
  const items = useMemo(
    () => [...translateMenu(menu, t), { label: common('password.menu'), to: CHANGE_PASSWORD_PATH }],
    [menu, t, common],
  );
  return (
    <RoleLayout role={role} items={items}>
      {getUserData()?.initial_password && (
        <Suspense fallback={null}>
          <InitialPasswordOffer />
        </Suspense>
      )}
      <SuspenseAfterFirstScreen first={firstScreen} fallback={<LoadingState />}>
        <Routes>
          <Route path={CHANGE_PASSWORD_PATH} element={<ChangePasswordPage />} />
          {routes.map(({ path, screen: Screen, props }) => (
            // Keyed by path: /ManageClass10 → /ManageClass11 mounts a fresh screen, not the same one with new props.
            <Route key={path} path={path} element={<Screen key={path} {...props} />} />
          ))}
          <Route path="*" element={<Navigate to={home} replace />} />
        </Routes>
      </SuspenseAfterFirstScreen>
    </RoleLayout>
  );
}

/**
 * A role's remote as the shell mounts it (the shell provides the router): its data layer, its sidebar and routes, and
 * its own Suspense boundary, so the shell's page stays up while the remote's messages load.
 */
export function RemoteRoot(props: RemoteRootProps) {
  return (
    <DataProvider>
      <Suspense fallback={<LoadingState />}>
        <RemoteScreens {...props} />
      </Suspense>
    </DataProvider>
  );
}
