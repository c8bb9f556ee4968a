import {chromium} from '@playwright/test';
const browser = await chromium.launch({executablePath:'/usr/bin/chromium-headless-shell'});
const [path, sel, w, mode, out, open] = process.argv.slice(2);
const page = await browser.newPage({viewport:{width:+w,height:900}});
await page.goto(`http://127.0.0.1:4300${path}?docusaurus-theme=${mode}`);
await page.locator('html[data-has-hydrated="true"]').waitFor({state:'attached'});
const el = page.locator(sel).first();
await el.scrollIntoViewIfNeeded();
if (open) { await el.locator('summary').click(); await page.waitForTimeout(500); }
await page.evaluate(()=>window.scrollBy(0,-120));
await page.waitForTimeout(300);
await page.screenshot({path: out});
await browser.close();
