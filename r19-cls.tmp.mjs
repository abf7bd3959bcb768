import { chromium } from '@playwright/test';
const base = 'http://localhost:3111';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const path of process.argv.slice(2)) {
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__shifts.push({ value: e.value, t: Math.round(e.startTime), sources: e.sources.map((s) => ({ node: s.node ? (s.node.nodeName + '.' + (s.node.className || '') + '#' + (s.node.id || '')).slice(0, 80) : null, prev: [s.previousRect.y, s.previousRect.height], cur: [s.currentRect.y, s.currentRect.height] })) });
    }).observe({ type: 'layout-shift', buffered: true });
  });
  page.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 200)));
  await page.goto(base + path);
  await page.waitForTimeout(6000);
  console.log(path, JSON.stringify(await page.evaluate(() => window.__shifts), null, 1).slice(0, 3000));
  await ctx.close();
}
await browser.close();
