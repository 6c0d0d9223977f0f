import { openAs, setupApp, pageLog } from './harness/app';
const app = setupApp();
it('debug phone', async () => {
  const page = await app.newPage({ phone: true });
  page.on('console', (m) => console.log('console', m.type(), m.text()));
  await openAs(app, page, 'student');
  await page.waitForTimeout(8000);
  await page.screenshot({ path: '/tmp/phone.png' });
  console.log(page.url(), pageLog(page), await page.evaluate(() => document.body.innerText.slice(0, 500)));
});
