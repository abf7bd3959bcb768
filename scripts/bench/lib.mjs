// Shared pieces of the benchmarks: processes, the machine, RSS sampling, autocannon rounds, tables.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { serveEnv, serveNodeArgs } from '../lib/serve-command.mjs';

export const root = fileURLToPath(new URL('../..', import.meta.url));

/** What the figures came from: cores, memory, load, versions. */
export function machine() {
  return {
    nproc: os.availableParallelism?.() ?? os.cpus().length,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: +(os.totalmem() / 2 ** 30).toFixed(1),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
  };
}

/** The 1, 5 and 15 minute load averages, rounded. */
export const loadAverage = () => os.loadavg().map((n) => +n.toFixed(2));

/** `uptime`'s words, for the log. */
export const uptime = () => {
  const r = spawnSync('uptime', { encoding: 'utf8' });
  return (r.stdout || `load average: ${loadAverage().join(', ')}`).trim();
};

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `npm run build` unless asked not to. */
export function buildIfWanted(argv) {
  if (argv.includes('--skip-build') || process.env.BENCH_SKIP_BUILD === '1') return;
  console.log('Building the production bundle (npm run build)…');
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error('npm run build failed');
}

/**
 * The production build of an earlier revision of this repository, to measure the old build in the
 * same run as the new one (the machine's speed drifts between days; a ratio of the two in the same
 * minutes does not). `rev` is a git revision; its files are exported (`git archive`) to a folder in
 * the system's temp folder, which gets its own `npm ci` and `npm run build` and is kept for later
 * runs (made again only when its build is missing; about 90 s). Returns `{ dir, sha }`: the folder
 * to start that shop from and the full commit id. Throws when git, npm ci or the build fails (their
 * output is in `dir`/baseline-build.log).
 */
export function baselineBuild(rev) {
  const parsed = spawnSync('git', ['rev-parse', '--verify', `${rev}^{commit}`], { cwd: root, encoding: 'utf8' });
  if (parsed.status !== 0) throw new Error(`${rev} is not a commit of this repository`);
  const sha = parsed.stdout.trim();
  const dir = path.join(os.tmpdir(), `rangmanch-baseline-${sha.slice(0, 12)}`);
  if (existsSync(path.join(dir, 'build', 'node', 'main.js'))) return { dir, sha };
  console.log(`Building the old build ${sha.slice(0, 7)} in ${dir} (npm ci, npm run build)…`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const log = path.join(dir, 'baseline-build.log');
  const run = (command, args) => {
    const fd = openSync(log, 'a');
    const r = spawnSync(command, args, { cwd: dir, stdio: ['ignore', fd, fd] });
    closeSync(fd);
    if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed for ${sha.slice(0, 7)}; see ${log}`);
  };
  run('sh', ['-c', `git -C "${root}" archive ${sha} | tar -x -C "${dir}"`]);
  run('npm', ['ci', '--no-audit', '--no-fund']);
  run('npm', ['run', 'build']);
  return { dir, sha };
}

/** Starts a child that prints one JSON line when ready; resolves with that object and the child. */
export function startJsonChild(args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], ...opts });
    let buffer = '';
    const onData = (chunk) => {
      buffer += chunk;
      const line = buffer.split('\n').find((l) => l.trim().startsWith('{'));
      if (line) {
        child.stdout.off('data', onData);
        child.stdout.resume();
        resolve({ child, info: JSON.parse(line) });
      }
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.once('exit', (code) => reject(new Error(`${args[0]} exited (${code}) before it was ready`)));
  });
}

/** Stops a child process we started and waits for it to go. */
export async function stopChild(child, signal = 'SIGTERM') {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await gone;
  clearTimeout(timer);
}

/**
 * Starts the production server as `npm run serve` does (build/node/main.js with the script's node
 * flags), plus `nodeArgs` such as --cpu-prof, with `env`, its log in `logFile`, and waits for
 * /readyz. `cwd` is the checkout whose build runs (this one unless an old build's: baselineBuild).
 * Resolves with the child and its base URL.
 */
export async function startServer(env, logFile, nodeArgs = [], cwd = root) {
  const port = await freePort();
  const fd = openSync(logFile, 'a');
  const child = spawn(process.execPath, [...serveNodeArgs(), ...nodeArgs, 'build/node/main.js'], {
    cwd,
    stdio: ['ignore', fd, fd],
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...serveEnv(), ...env, PORT: String(port), HOST: '127.0.0.1' },
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}); see ${logFile}`);
    try {
      const res = await fetch(`${base}/readyz`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`the server did not become ready; see ${logFile}`);
    await sleep(250);
  }
  return { child, base };
}

/**
 * Starts the shop as production runs it (NODE_ENV=production, SEED_DEMO=false) on `dataDir`, with
 * a Razorpay stand-in in its own process (production refuses the built-in sandbox; `toolsBundle`
 * is the bundled scripts/bench/db-tools.ts). `env` adds variables (DATABASE_URL, LOG_LEVEL…).
 * `cwd` is the checkout whose build runs (startServer). Resolves with the server ({child, base}), the
 * stand-in ({child, info: {baseUrl}}), the key id, and both children to stop.
 */
export async function startProductionShop({ toolsBundle, dataDir, jwtSecret, env = {}, cwd = root }) {
  const keyId = 'rzp_test_bench';
  const keySecret = randomBytes(16).toString('hex');
  const standin = await startJsonChild(['scripts/bench/standin.mjs', toolsBundle, keyId, keySecret]);
  try {
    const server = await startServer(
      {
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        JWT_SECRET: jwtSecret,
        RAZORPAY_KEY_ID: keyId,
        RAZORPAY_KEY_SECRET: keySecret,
        RAZORPAY_WEBHOOK_SECRET: 'whsec_bench',
        RAZORPAY_API_BASE: standin.info.baseUrl,
        SEED_DEMO: 'false',
        ...env,
      },
      path.join(dataDir, 'server.log'),
      // e.g. BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' to profile the shop.
      process.env.BENCH_SERVER_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [],
      cwd,
    );
    return { server, standin, keyId, children: [standin.child, server.child] };
  } catch (err) {
    await stopChild(standin.child);
    throw err;
  }
}

/** A free TCP port on loopback. */
export async function freePort() {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * What /proc/<pid>/stat says of a live process: `cpuMs`, the CPU time (user + system) it has used so
 * far in ms, and `startTicks`, when it started (clock ticks after boot, which tells a reused pid
 * apart). Null when the process has gone: no such pid, or a zombie (exited, not yet reaped).
 */
export function procStat(pid) {
  let text;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // Fields after the command name (which may hold spaces): state is the 3rd field of the line.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  if (fields[0] === 'Z' || fields[0] === 'X') return null;
  return { cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS, startTicks: Number(fields[19]) };
}

/**
 * CPU time (user + system) process `pid` has used so far, in ms. Throws when the process has gone
 * (or its pid now names another process than the one started at `startTicks`): a figure read then
 * would be 0, and a difference with it negative, so none is given.
 */
export function cpuTimeMs(pid, startTicks) {
  const stat = procStat(pid);
  if (!stat || (startTicks !== undefined && stat.startTicks !== startTicks))
    throw new Error(`process ${pid} has exited: its CPU time can no longer be read, so no CPU figure is given`);
  return stat.cpuMs;
}
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/**
 * Samples a process's resident memory (VmRSS) every 100 ms; `max` in MB since the last reset, and
 * `cpuMs`, the CPU time it used since the last reset (a figure the machine's load barely changes).
 * `cpuMs` (and `reset`) throw once the process has exited, rather than give a negative figure.
 */
export function rssSampler(pid) {
  let max = 0;
  const startTicks = procStat(pid)?.startTicks;
  if (startTicks === undefined) throw new Error(`process ${pid} is not running`);
  let cpuAtReset = cpuTimeMs(pid, startTicks);
  const read = () => {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) max = Math.max(max, Number(m[1]) / 1024);
    } catch {
      /* the process is gone */
    }
  };
  const timer = setInterval(read, 100);
  timer.unref();
  read();
  return {
    pid,
    startTicks,
    reset() {
      max = 0;
      cpuAtReset = cpuTimeMs(pid, startTicks);
      read();
    },
    get cpuMs() {
      return cpuTimeMs(pid, startTicks) - cpuAtReset;
    },
    get max() {
      read();
      return +max.toFixed(1);
    },
    stop: () => clearInterval(timer),
  };
}

/** One autocannon run. */
export function cannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 50, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * A warm-up run, then `rounds` measured runs of `seconds` each. Reports the median round (req/s,
 * p50, p99), the errors of all rounds (connection errors, timeouts and non-2xx answers) and the
 * largest RSS seen while it ran.
 */
export async function measure(opts, { warmup, rounds, seconds, rss }) {
  if (warmup > 0) await cannon({ ...opts, duration: warmup });
  const results = [];
  rss?.reset();
  for (let i = 0; i < rounds; i++) results.push(roundOf(await cannon({ ...opts, duration: seconds })));
  return summariseRounds(results, rss);
}

/**
 * `measure` for several targets at once, their rounds alternated (a warm-up of each, then round 1
 * of each, round 2 of each, …), so each sees the machine at the same speed: a comparison between
 * them holds on a VM whose speed drifts. `cpu[j]`, when given, snapshots the processes serving
 * target j (a Map of pid to CPU ms, `cpuSnapshot`); their CPU time per request is then reported as
 * `cpuMsPerRequest`. Answers one summary per entry of `optsList`, as `measure`'s.
 */
export async function measureAlternating(optsList, { warmup, rounds, seconds, cpu }) {
  if (warmup > 0) for (const opts of optsList) await cannon({ ...opts, duration: warmup });
  const results = optsList.map(() => []);
  const cpuMs = optsList.map(() => 0);
  for (let i = 0; i < rounds; i++) {
    for (const [j, opts] of optsList.entries()) {
      const before = await cpu?.[j]();
      results[j].push(roundOf(await cannon({ ...opts, duration: seconds })));
      if (before) cpuMs[j] += cpuSpent(before, await cpu[j]());
    }
  }
  return results.map((r, j) => {
    const summary = summariseRounds(r, null);
    if (cpu) summary.cpuMsPerRequest = +(cpuMs[j] / Math.max(1, summary.requests)).toFixed(3);
    return summary;
  });
}

/** CPU ms of each live process of `pids` (pid to ms), for `cpuSpent`. */
export function cpuSnapshot(pids) {
  const snapshot = new Map();
  for (const pid of pids) {
    const stat = procStat(pid);
    if (stat) snapshot.set(`${pid}:${stat.startTicks}`, stat.cpuMs);
  }
  return snapshot;
}

/** The CPU ms processes used between two snapshots: those started since count whole, those gone not at all. */
export function cpuSpent(before, after) {
  let ms = 0;
  for (const [key, now] of after) ms += now - (before.get(key) ?? 0);
  return ms;
}

/** One autocannon run's figures. */
const roundOf = (r) => ({
  rps: r.requests.total / r.duration,
  p50: r.latency.p50,
  p99: r.latency.p99,
  errors: r.errors + r.timeouts + r.non2xx,
  total: r.requests.total,
  statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([k, v]) => [k, Number(v.count)])),
});

/** The median round of `results` (req/s, p50, p99), every round's errors, and `rss`'s figures when given. */
function summariseRounds(results, rss) {
  return {
    rps: +median(results.map((r) => r.rps)).toFixed(0),
    p50: median(results.map((r) => r.p50)),
    p99: median(results.map((r) => r.p99)),
    errors: results.reduce((n, r) => n + r.errors, 0),
    requests: results.reduce((n, r) => n + r.total, 0),
    rssMB: rss ? rss.max : null,
    // The server's CPU time per answered request over the measured rounds.
    cpuMsPerRequest: rss
      ? +(
          rss.cpuMs /
          Math.max(
            1,
            results.reduce((n, r) => n + r.total, 0),
          )
        ).toFixed(3)
      : null,
    rounds: results,
  };
}

/**
 * Like `measure`, with the ceiling measured right before each round, so each round is compared
 * with the ceiling under the same machine load (which drifts on a shared machine). `share` is the
 * median of the per-round ratios scenario/ceiling; `cpuMsPerRequest` is the server's, over the
 * scenario rounds only; `ceiling` has the ceiling's own figures.
 */
export async function measurePaired(opts, ceilingOpts, { warmup, rounds, seconds, ceilingSeconds, server, ceilingPid }) {
  if (warmup > 0) await cannon({ ...opts, duration: warmup });
  const results = [];
  const ceilings = [];
  let cpu = 0;
  let ceilingCpu = 0;
  server.reset();
  const ceilingStart = procStat(ceilingPid)?.startTicks;
  if (ceilingStart === undefined) throw new Error(`the ceiling (pid ${ceilingPid}) is not running`);
  for (let i = 0; i < rounds; i++) {
    const c0 = cpuTimeMs(ceilingPid, ceilingStart);
    ceilings.push(roundOf(await cannon({ ...ceilingOpts, duration: ceilingSeconds })));
    ceilingCpu += cpuTimeMs(ceilingPid, ceilingStart) - c0;
    const s0 = cpuTimeMs(server.pid, server.startTicks);
    results.push(roundOf(await cannon({ ...opts, duration: seconds })));
    cpu += cpuTimeMs(server.pid, server.startTicks) - s0;
  }
  const requests = results.reduce((n, r) => n + r.total, 0);
  const ceilingRequests = ceilings.reduce((n, r) => n + r.total, 0);
  return {
    rps: +median(results.map((r) => r.rps)).toFixed(0),
    p50: median(results.map((r) => r.p50)),
    p99: median(results.map((r) => r.p99)),
    errors: results.reduce((n, r) => n + r.errors, 0),
    requests,
    share: +median(results.map((r, i) => r.rps / ceilings[i].rps)).toFixed(3),
    rssMB: server.max,
    cpuMsPerRequest: +(cpu / Math.max(1, requests)).toFixed(3),
    ceiling: {
      rps: +median(ceilings.map((r) => r.rps)).toFixed(0),
      p50: median(ceilings.map((r) => r.p50)),
      p99: median(ceilings.map((r) => r.p99)),
      cpuMsPerRequest: +(ceilingCpu / Math.max(1, ceilingRequests)).toFixed(3),
    },
    rounds: results.map((r, i) => ({ ...r, rps: +r.rps.toFixed(0), ceilingRps: +ceilings[i].rps.toFixed(0) })),
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

/** POSTs JSON over a keep-alive agent (lighter on the load generator than fetch); resolves {status, body}. */
export function postJson(url, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const data = Buffer.from(JSON.stringify(body));
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname + u.search,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': data.length, ...headers },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          let json = null;
          try {
            json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode, body: json });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/**
 * One GET with `headers` over a keep-alive agent; resolves {status, headers, body}, the body as the
 * server sent it (not decompressed), so a ceiling can answer the very same bytes.
 */
export function getRaw(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Latency percentiles (ms) of a list of durations. */
export function percentiles(durations) {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0);
  return { p50: +at(50).toFixed(1), p99: +at(99).toFixed(1) };
}

/** A PostgreSQL database made for one run and dropped afterwards. */
export async function createPgDatabase(prefix) {
  const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(2).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Prints rows as an aligned text table. */
export function table(headers, rows) {
  const cells = [headers, ...rows].map((r) => r.map((c) => (c === null || c === undefined ? '—' : String(c))));
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(cells[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

/** Writes `data` as bench/results/<name>-<timestamp>.json and returns the path. */
export function writeResult(name, data) {
  const dir = path.join(root, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return path.relative(root, file);
}
