// Standalone dev page (npm run dev -w admin-app): signs in as the demo admin and renders App in a BrowserRouter.
import { mountDevHarness as mount } from '../../webpack/dev-harness';
import App from './App';

export function mountDevHarness(): void {
  mount('admin', App);
}
