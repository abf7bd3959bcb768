// usage: node prof.mjs file.cpuprofile [startFrac endFrac]
import { readFileSync } from 'node:fs';
const p = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map();
const total = p.samples.length;
const t0 = p.startTime;
let acc = t0; const times = p.timeDeltas.map((d) => (acc += d));
const lo = Number(process.argv[3] ?? 0), hi = Number(process.argv[4] ?? 1);
const span = p.endTime - t0;
const byFile = new Map(); const incl = new Map();
let n = 0;
for (let i = 0; i < total; i++) {
  const f = (times[i] - t0) / span; if (f < lo || f > hi) continue; n++;
  const node = byId.get(p.samples[i]);
  const cf = node.callFrame;
  const key = `${cf.functionName || '(anon)'} ${cf.url.split('/').slice(-2).join('/')}:${cf.lineNumber}`;
  self.set(key, (self.get(key) ?? 0) + 1);
  const file = cf.url.replace(/.*node_modules\//, 'nm/').split('/').slice(0, cf.url.includes('node_modules') ? 2 : 99).join('/') || cf.functionName;
  byFile.set(file, (byFile.get(file) ?? 0) + 1);
  const seen = new Set(); let id = node.id;
  while (id !== undefined) { const c = byId.get(id).callFrame; const k = `${c.functionName || '(anon)'} ${c.url.split('/').slice(-2).join('/')}:${c.lineNumber}`; if (!seen.has(k)) { seen.add(k); incl.set(k, (incl.get(k) ?? 0) + 1); } id = parent.get(id); }
}
const top = (m, k) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k).map(([a, b]) => `${(100 * b / n).toFixed(1).padStart(5)}%  ${a}`).join('\n');
console.log('samples', n);
console.log('--- self\n' + top(self, 40));
console.log('--- by file\n' + top(byFile, 30));
console.log('--- inclusive\n' + top(incl, 400));
