// What the apps get for `import … from 'react-router-dom'` in builds (an alias; Jest and tsc use the real package).
// react-router-dom is a shared singleton and shared modules are not tree-shaken, so sharing the real package
// ships all of react-router (server rendering, cookies, data-router APIs…: ~60 KB gzip) to every user. This module
// re-exports only the declarative-routing API we use, so the shared chunk keeps just that (~1/3 of the size).
// Need something else from react-router? Add it here: a missing export fails the build (exportsPresence: 'error').
export {
  BrowserRouter,
  HashRouter,
  MemoryRouter,
  Router,
  Routes,
  Route,
  Navigate,
  Outlet,
  Link,
  NavLink,
  useNavigate,
  useLocation,
  useParams,
  useSearchParams,
  useMatch,
  useResolvedPath,
  useHref,
  useInRouterContext,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useRoutes,
  useLinkClickHandler,
  matchPath,
  matchRoutes,
  generatePath,
  resolvePath,
  createSearchParams,
  createPath,
  parsePath,
} from 'react-router';
