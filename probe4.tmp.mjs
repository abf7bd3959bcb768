import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const p = await b.newPage();
await p.goto('http://localhost:3300' + (process.argv[2] ?? '/'));
await p.waitForTimeout(3000);
console.log(await p.evaluate(() => Object.keys(document).join(",") + " | " + Object.keys(document.documentElement).join(",")));
console.log(await p.evaluate(() => {
  const out = [];
  const walk = (v, d) => {
    if (!v || d > 40) return;
    const t = typeof v.type === 'string' ? v.type : v.type?.displayName || v.type?.name || String(v.type).slice(0, 20);
    if (typeof v.type === 'string' || d < 30) out.push('  '.repeat(Math.min(d, 30)) + t + (v.__e ? ' dom=' + (v.__e.localName || v.__e.nodeName) : ''));
    if (typeof v.type === 'string' && ['head', 'body'].includes(v.type)) return;
    (v.__k || []).forEach((c) => walk(c, d + 1));
  };
  walk(document.__k, 0);
  return out.slice(0, 80).join('\n');
}));
await b.close();
