import { readFileSync } from 'node:fs';
const p = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
let acc = p.startTime; const span = p.endTime - p.startTime;
const bins = Array.from({ length: 20 }, () => new Map());
p.samples.forEach((s, i) => { acc += p.timeDeltas[i]; const b = Math.min(19, Math.floor(20 * (acc - p.startTime) / span)); const k = byId.get(s).callFrame.functionName || '(anon)'; bins[b].set(k, (bins[b].get(k) ?? 0) + 1); });
bins.forEach((m, i) => { const t = [...m.values()].reduce((a, b) => a + b, 0); console.log(i * 5, ((m.get('(idle)') ?? 0) * 100 / t).toFixed(0) + '% idle', [...m].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([k, v]) => k + ' ' + (v * 100 / t).toFixed(0)).join(', ')); });
console.log('span s', span / 1e6);
