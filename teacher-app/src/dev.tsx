// Standalone dev page (npm run dev -w teacher-app): signs in as the demo teacher and renders App in a BrowserRouter.
import { mountDevHarness as mount } from '../../webpack/dev-harness';
import App from './App';

export function mountDevHarness(): void {
  mount('teacher', App);
}
