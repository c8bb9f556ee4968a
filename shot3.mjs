import {chromium} from '@playwright/test';
const browser = await chromium.launch({executablePath: '/usr/bin/chromium-headless-shell'});
for (const [w, theme] of [[1280,'light'],[390,'dark']]) {
  const page = await browser.newPage({viewport: {width: w, height: 900}});
  await page.goto(`http://localhost:3999/docs/guides/pickups?docusaurus-theme=${theme}`, {waitUntil: 'networkidle'});
  await page.waitForTimeout(1500);
  await page.getByRole('button', {name: /Try it/}).first().click();
  const group = page.getByRole('group', {name: 'Console: Request a pickup'});
  await group.getByRole('button', {name: 'Send'}).click();
  await group.getByText(/Relied on/).waitFor();
  await group.getByText(/Relied on/).scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, -200);
  await page.waitForTimeout(500);
  await page.screenshot({path: `/tmp/tryit-${w}.png`});
  await page.close();
}
await browser.close();
