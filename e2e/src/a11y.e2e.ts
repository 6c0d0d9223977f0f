import { DEMO_ACCOUNTS, type Role } from './harness/api';
import { axeViolations, formatViolations } from './harness/a11y';
import { dashboardHeading, openAs, setupApp } from './harness/app';

// design.md §4: every screen passes axe-core with no violations. The report of each page is printed either way.
const app = setupApp();

it('login page has no axe violations', async () => {
  const page = await app.newPage();
  await page.goto('/');
  await page.getByPlaceholder('NIP/NIS').waitFor();
  const violations = await axeViolations(page);
  console.log(formatViolations('/', violations));
  expect(violations).toEqual([]);
});

describe.each<[Role, boolean]>([
  ['admin', false],
  ['teacher', false],
  ['student', false],
  ['student', true],
])('%s dashboard (phone: %s)', (role, phone) => {
  it('has no axe violations', async () => {
    const page = await app.newPage({ phone });
    await openAs(app, page, role);
    await dashboardHeading(page).waitFor();
    // Let lazy panels (charts, stats) settle before the scan.
    await page.waitForLoadState('networkidle');
    const violations = await axeViolations(page);
    console.log(formatViolations(`${DEMO_ACCOUNTS[role].home}${phone ? ' @360px' : ''}`, violations));
    expect(violations).toEqual([]);
  });
});
