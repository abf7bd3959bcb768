import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const p = await b.newPage();
await p.goto('http://localhost:3300' + (process.argv[2] ?? '/'));
await p.waitForTimeout(3000);
console.log(await p.evaluate(() => {
  const d = (el, depth) => depth > 3 ? '' : '  '.repeat(depth) + el.localName + ' ' + el.children.length + '\n' + [...el.children].slice(0, 6).map((c) => d(c, depth + 1)).join('');
  return [...document.childNodes].map(n => n.nodeName).join(',') + '\n' + d(document.documentElement, 0);
}));
await b.close();
