import { readFileSync } from 'node:fs';
const [file, leafName, lo, hi] = process.argv.slice(2);
const p = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
let acc = p.startTime; const span = p.endTime - p.startTime;
const counts = new Map(); let n = 0;
p.samples.forEach((s, i) => { acc += p.timeDeltas[i]; const f = (acc - p.startTime) / span; if (f < +lo || f > +hi) return;
  const node = byId.get(s); if (node.callFrame.functionName !== leafName) return; n++;
  const chain = []; let id = parent.get(node.id);
  while (id !== undefined && chain.length < 14) { const c = byId.get(id).callFrame; chain.push(`${c.functionName}@${c.url.split('/').slice(-1)[0]}:${c.lineNumber}`); id = parent.get(id); }
  const k = chain.slice(0, 14).join(' < '); counts.set(k, (counts.get(k) ?? 0) + 1); });
console.log(n);
for (const [k, v] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(v, k, '\n');
