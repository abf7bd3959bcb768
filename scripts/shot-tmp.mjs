import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [name, w, h] of [['desk', 1280, 800], ['phone', 390, 844]]) {
  const p = await b.newPage({ viewport: { width: w, height: h }, reducedMotion: process.env.RM ? 'reduce' : 'no-preference' });
  await p.goto(process.argv[2] ?? 'http://127.0.0.1:3901/', { waitUntil: 'networkidle' });
  await p.waitForTimeout(Number(process.env.WAIT ?? 500));
  await p.screenshot({ path: `/tmp/${process.env.NAME ?? 'home'}-${name}.png` });
  const info = await p.evaluate(() => [...document.querySelectorAll('video')].slice(0,1).map(v => ({ paused: v.paused, rs: v.readyState, src: v.currentSrc })));
  console.log(name, JSON.stringify(info));
}
await b.close();
