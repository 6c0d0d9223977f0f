import { screen } from '@testing-library/react';
import { signInStudent } from './test/fixtures';
import { renderAppAt } from './test/render-app';

jest.mock('@kelasku/shared-api', () => {
  const actual = jest.requireActual('@kelasku/shared-api');
  const meta = { page: 1, pageSize: 10, total: 0, totalPage: 0, totalpages: 0 };
  return {
    ...actual,
    statsApi: {
      ...actual.statsApi,
      student: jest.fn(async () => ({
        materials: { done: 0, total: 1 },
        tasks: { completed: 0, total: 1 },
        exams: { completed: 0, total: 1 },
      })),
    },
    todoApi: { student: jest.fn(async () => ({ exams: [], exercises: [], materials: [] })) },
    classesApi: { ...actual.classesApi, assigned: jest.fn(async () => ({ classes: [], meta })) },
    materialsApi: {
      ...actual.materialsApi,
      fromClass: jest.fn(async () => ({ materials: [], meta })),
      detail: jest.fn(async () => ({
        id: 9,
        class_id: 4,
        title: 'Fotosintesis',
        description: '',
        content: '<p>Isi</p>',
        teacher_id: 1,
      })),
    },
    discussionsApi: { ...actual.discussionsApi, list: jest.fn(async () => ({ discussions: [], meta })) },
    materialDiscussionsApi: {
      ...actual.materialDiscussionsApi,
      list: jest.fn(async () => ({ discussions: [], meta })),
    },
    exercisesApi: { ...actual.exercisesApi, byMaterial: jest.fn(async () => []), allGrades: jest.fn(async () => []) },
    examsApi: { ...actual.examsApi, byClass: jest.fn(async () => []) },
  };
});

beforeAll(() => {
  // A phone-sized viewport for RoleLayout's media query (jsdom has no matchMedia).
  window.matchMedia = ((query: string) => ({
    matches: /max-width/.test(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
});
beforeEach(() => signInStudent(5, 'Siti Rahma'));

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
