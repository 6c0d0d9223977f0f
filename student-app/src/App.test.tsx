import { screen } from '@testing-library/react';
import { signInStudent } from './test/fixtures';
import { renderAppAt } from './test/render-app';
import { serveNothingYet } from './test/network';

beforeAll(() => {
  // A phone-sized viewport for RoleLayout's media query (jsdom has no matchMedia).
  window.matchMedia = (query: string) => ({
    matches: /max-width/.test(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
});
beforeEach(() => {
  signInStudent(5, 'Siti Rahma');
  serveNothingYet();
});

test.each([
  ['/DashboardStudent', 'Dashboard'],
  ['/MyClasses', 'My Classes'],
  ['/MyDetailClasses/4', 'Class Materials'],
  ['/MyDetailSubject/9', 'Fotosintesis'],
  ['/GroupDiscussions', 'Group Discussions'],
  ['/CreateDiscussions', 'Create Discussions'],
  ['/MyClassesTask', 'My Tasks'],
  ['/MyDetailClassesTask/4', 'Class Tasks'],
  ['/MyClassesExam', 'My Exams'],
  ['/MyTask?material_id=9', 'Exercise'],
  ['/MyExams?class_id=4', 'Exam'],
])('%s opened directly shows its page', async (path, heading) => {
  renderAppAt(path);
  expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
});
