// Standalone dev page (npm run dev -w student-app): signs in as the demo student and renders App in a BrowserRouter.
import { mountDevHarness as mount } from '../../webpack/dev-harness';
import App from './App';

export function mountDevHarness(): void {
  mount('student', App);
}
