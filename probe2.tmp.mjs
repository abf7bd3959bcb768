import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const p = await b.newPage();
await p.addInitScript(() => {
  window.__muts = [];
  const desc = (n) => n.nodeType === 1 ? n.localName + (n.id ? '#' + n.id : '') + (n.className && typeof n.className === 'string' ? '.' + n.className.split(' ')[0] : '') : n.nodeType === 3 ? 'text:' + n.data.slice(0, 30) : n.nodeType === 8 ? 'comment:' + n.data : 'type' + n.nodeType;
  document.addEventListener('DOMContentLoaded', () => {
    new MutationObserver((list) => {
      for (const m of list) {
        if (m.type === 'childList') {
          for (const n of m.removedNodes) window.__muts.push('- ' + desc(n) + ' in ' + desc(m.target));
          for (const n of m.addedNodes) window.__muts.push('+ ' + desc(n) + ' in ' + desc(m.target));
        } else if (m.type === 'attributes') window.__muts.push('@' + m.attributeName + ' on ' + desc(m.target));
        else window.__muts.push('~text ' + desc(m.target));
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
});
await p.goto('http://localhost:3300' + (process.argv[2] ?? '/'));
await p.waitForTimeout(3000);
const muts = await p.evaluate(() => window.__muts);
console.log(muts.length); console.log(muts.slice(0, 80).join('\n'));
await b.close();
