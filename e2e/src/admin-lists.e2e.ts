import type { Locator, Page } from 'playwright-core';
import { eventually, expectNotCovered, expectVisible, openAs, setupApp } from './harness/app';

// Reports a student confirms (with a reason) and an admin can dismiss; account lists whose
// search, filter and sort survive a reload and Back, with the Action column in reach on a phone; pages for a
// missing or forbidden thing that say so and link back.
const app = setupApp();

interface ClassItem {
  id: number;
  name: string;
  grade: number;
}
interface Material {
  id: number;
  title: string;
  class_id: number;
}
interface Discussion {
  id: number;
  topic: string;
}
interface Report {
  id: number;
  discussion_id: number;
  reason: string | null;
}

/** The demo's material discussion "Tentang vakuola" (written by another grade-10 student), with its material and class. */
async function vakuolaPost(): Promise<{ post: Discussion; material: Material; cls: ClassItem }> {
  const student = await app.api.user('student');
  const { classes } = await app.api.get<{ classes: ClassItem[] }>(
    `/classes/assigned?id=${student.student_id}&pageSize=100`,
    'student',
  );
  for (const cls of classes) {
    const { materials } = await app.api.get<{ materials: Material[] }>(
      `/materials/from-class?id=${cls.id}&pageSize=100`,
      'student',
    );
    for (const material of materials) {
      const { discussions } = await app.api.get<{ discussions: Discussion[] }>(
        `/discussions-material?id=${material.id}&pageSize=100`,
        'student',
      );
      const post = discussions.find((d) => d.topic === 'Tentang vakuola');
      if (post) return { post, material, cls };
    }
  }
  throw new Error('the demo discussion "Tentang vakuola" was not found');
}

describe('reports', () => {
  it('a student confirms a report with a reason; the admin sees where, when, who and why, follows the link, and dismisses it', async () => {
    const { post, material, cls } = await vakuolaPost();

    const phone = await app.newPage({ phone: true });
    await openAs(app, phone, 'student', `/MyDetailSubject/${material.id}?class_id=${cls.id}`);
    const article = phone.getByRole('article', { name: 'Tentang vakuola' });
    await article.getByRole('button', { name: 'Report question "Tentang vakuola"' }).click();
    const confirm = phone.getByRole('dialog', { name: 'Report this question to the admins?' });
    await confirm.getByRole('textbox', { name: 'Reason (optional)' }).fill('Pertanyaan ini sudah dijawab di kelas');
    await confirm.getByRole('button', { name: 'Report' }).click();
    await expectVisible(article.getByRole('button', { name: 'Reported question "Tentang vakuola"' }));
    const reports = await app.api.get<Report[]>('/reports', 'admin');
    expect(reports.filter((r) => r.discussion_id === post.id).map((r) => r.reason)).toEqual([
      'Pertanyaan ini sudah dijawab di kelas',
    ]);

    const page = await app.newPage();
    await openAs(app, page, 'admin', '/DashboardAdmin');
    const item = page.getByRole('listitem', { name: /^Report of a message from / });
    await expectVisible(item);
    await expectVisible(item.getByText('Reason: Pertanyaan ini sudah dijawab di kelas'));
    await expectVisible(item.getByText(/^Reported by .+ on \d{1,2} \w+ \d{4}, \d{2}\.\d{2} WIB$/));
    await expectVisible(item.getByText(`/ ${material.title}, topic "Tentang vakuola"`, { exact: false }));
    // The class link leads to the class page; Back returns to the dashboard.
    await item.getByRole('link', { name: cls.name }).click();
    await page.waitForURL((url) => url.pathname === `/class/${cls.id}`);
    await expectVisible(page.getByRole('button', { name: 'Assign New Student' }));
    await page.goBack();
    await item.getByRole('button', { name: /^Dismiss report of message from / }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Dismiss' }).click();
    await expectVisible(page.getByText("There's no reported message for now"));
    // The message itself stays.
    const after = await app.api.get<{ discussions: Discussion[] }>(
      `/discussions-material?id=${material.id}&pageSize=100`,
      'student',
    );
    expect(after.discussions.map((d) => d.id)).toContain(post.id);
    expect(await app.api.get<Report[]>('/reports', 'admin')).toEqual([]);
  });
});

/** The names in the table's first column. */
async function names(table: Locator): Promise<string[]> {
  return table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => (r.querySelector('td')?.textContent ?? '').trim()));
}

async function expectListState(page: Page, state: { q: string; filter: string | null; sorted: boolean }) {
  await expectVisible(page.getByRole('table', { name: 'Student Accounts' }));
  // The URL changes before the list re-renders from it, so the controls are polled until they follow.
  const search = page.getByRole('textbox', { name: 'Search by Name or NIS' });
  expect(
    await eventually(
      () => search.inputValue(),
      (q) => q === state.q,
    ),
  ).toBe(state.q);
  const sort = page.getByRole('button', { name: 'Sort by NIS' });
  const pressed = String(state.sorted);
  expect(
    await eventually(
      () => sort.getAttribute('aria-pressed'),
      (p) => p === pressed,
    ),
  ).toBe(pressed);
  if (state.filter) await expectVisible(page.getByText(`Filter: ${state.filter}`));
  else
    expect(
      await eventually(
        () => page.getByText(/^Filter: /).count(),
        (n) => n === 0,
      ),
    ).toBe(0);
}

describe('account lists', () => {
  it('search, filter and sort live in the URL: a reload keeps them, Back undoes them one by one', async () => {
    const page = await app.newPage();
    await openAs(app, page, 'admin', '/ManageAccStudent');
    const table = page.getByRole('table', { name: 'Student Accounts' });
    await expectVisible(table);
    await page.getByRole('textbox', { name: 'Search by Name or NIS' }).fill('2024');
    await page.getByRole('textbox', { name: 'Search by Name or NIS' }).press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === '2024');
    await page.getByRole('button', { name: 'Apply Filter' }).click();
    await page.getByRole('menuitemradio', { name: '10th Grade' }).click();
    await page.waitForURL((url) => url.searchParams.get('filter') === '10');
    await page.getByRole('button', { name: 'Sort by NIS' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === '1');
    await expectListState(page, { q: '2024', filter: '10th Grade', sorted: true });
    const sorted = await eventually(
      () => names(table),
      (n) => n.length > 0,
    );

    await page.reload();
    await expectListState(page, { q: '2024', filter: '10th Grade', sorted: true });
    expect(
      await eventually(
        () => names(table),
        (n) => n.join() === sorted.join(),
      ),
    ).toEqual(sorted);

    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('sort'));
    await expectListState(page, { q: '2024', filter: '10th Grade', sorted: false });
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('filter'));
    await expectListState(page, { q: '2024', filter: null, sorted: false });
  });

  it('on a 360 px phone the Action buttons of a row are on screen without scrolling sideways', async () => {
    const student = await app.api.user('student');
    const { classes } = await app.api.get<{ classes: ClassItem[] }>(
      `/classes/assigned?id=${student.student_id}&pageSize=100`,
      'student',
    );
    const tables = [
      { path: '/ManageAccStudent', actions: [/^Edit /, /^Reset password of /, /^Delete /] },
      { path: '/ManageAccTeacher', actions: [/^Edit /, /^Reset password of /, /^Delete /] },
      { path: `/class/${classes[0].id}`, actions: [/^Unassign /] },
    ];
    for (const { path, actions } of tables) {
      const page = await app.newPage({ phone: true });
      await openAs(app, page, 'admin', path);
      const row = page.locator('table tbody tr').first();
      await expectVisible(row);
      // The account rows' hints (MUI's tooltip) arrive once the list is usable and wrap each button anew
      // (admin-app/src/components/HintTooltip.tsx): measure the buttons that stay, not one being replaced.
      await page.waitForLoadState('networkidle');
      for (const action of actions) {
        const button = row.getByRole('button', { name: action });
        const box = (await button.boundingBox())!;
        expect({ path, action: String(action), right: Math.ceil(box.x + box.width) <= 360 }).toEqual({
          path,
          action: String(action),
          right: true,
        });
        await expectNotCovered(button);
      }
      await row.getByRole('button', { name: actions[0] }).click();
      await expectVisible(page.getByRole('dialog'));
    }
  });

  it('on a 360 px phone the page numbers and both arrows of a 7-page list stay on one row', async () => {
    const page = await app.newPage({ phone: true });
    await openAs(app, page, 'admin', '/ManageAccStudent');
    const nav = page.getByRole('navigation', { name: 'Pagination' });
    const previous = nav.getByRole('button', { name: 'Previous page' });
    const next = nav.getByRole('button', { name: 'Next page' });
    await expectVisible(nav.getByRole('button', { name: 'Page 7' }));
    // Page 1 shows "1 2 3 4 5 … 7"; page 4 every page, 1 to 7: the widest row of a 7-page list.
    for (const shown of ['Page 1', 'Page 4']) {
      await nav.getByRole('button', { name: shown, exact: true }).click();
      await expectVisible(
        nav.getByRole('button', { name: shown, exact: true }).and(nav.locator('[aria-current="page"]')),
      );
      const [first, last] = [(await previous.boundingBox())!, (await next.boundingBox())!];
      expect({ shown, sameRow: Math.abs(first.y - last.y) < 1, onScreen: last.x + last.width <= 360 }).toEqual({
        shown,
        sameRow: true,
        onScreen: true,
      });
    }
  });
});

describe('not-found pages', () => {
  it('say what is missing and link back, with no Retry; "no access" is not a network error', async () => {
    const phone = await app.newPage({ phone: true });
    await openAs(app, phone, 'student', '/MyDetailClasses/9999');
    await expectVisible(phone.getByRole('alert').getByText('This class does not exist or was removed.'));
    expect(await phone.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await phone.getByRole('link', { name: 'Back to My Classes' }).click();
    await phone.waitForURL((url) => url.pathname === '/MyClasses');

    // A class the student is not in: 403, said as such.
    const student = await app.api.user('student');
    const mine = await app.api.get<{ classes: ClassItem[] }>(
      `/classes/assigned?id=${student.student_id}&pageSize=100`,
      'student',
    );
    const all = await app.api.get<{ classes: ClassItem[] }>('/classes?pageSize=100', 'admin');
    const other = all.classes.find((c) => !mine.classes.some((m) => m.id === c.id))!;
    await phone.goto(`/MyDetailClasses/${other.id}`);
    await expectVisible(phone.getByRole('alert').getByText('You do not have access to this class.'));
    expect(await phone.getByText('Error fetching materials').count()).toBe(0);

    // A page opened without its ?material_id=.
    await phone.goto('/MyTask');
    await expectVisible(phone.getByRole('alert').getByText('No material was chosen for this exercise.'));
    await phone.getByRole('link', { name: 'Back to My Tasks' }).click();
    await phone.waitForURL((url) => url.pathname === '/MyClassesTask');

    const page = await app.newPage();
    await openAs(app, page, 'admin', '/class/9999');
    await expectVisible(page.getByRole('alert').getByText('This class does not exist or was removed.'));
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/DashboardAdmin');

    const teacher = await app.newPage();
    await openAs(app, teacher, 'teacher', '/ManageTaskExam?class_id=9999');
    await expectVisible(teacher.getByRole('alert').getByText('This class does not exist or was removed.'));
    await teacher.goto('/Grades');
    await expectVisible(teacher.getByRole('alert').getByText('No exercise or exam was chosen.'));
    await expectVisible(teacher.getByRole('link', { name: 'Back to Dashboard' }));
  });
});
