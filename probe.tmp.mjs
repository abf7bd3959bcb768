import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const p = await b.newPage();
await p.addInitScript(() => {
  window.addEventListener('unhandledrejection', (e) => console.log('unhandled', String(e.reason), e.reason?.stack));
  window.addEventListener('error', (e) => console.log('err', String(e.error), e.error?.stack, e.error && Object.keys(e.error)));
});
p.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 600)));
p.on('pageerror', (e) => console.log('pageerror', e.message, e.stack?.slice(0, 800)));
await p.goto('http://localhost:3300' + (process.argv[2] ?? '/'));
await p.waitForTimeout(3000);
console.log('hydrated', await p.evaluate(() => document.documentElement.dataset.hydrated));
await b.close();
