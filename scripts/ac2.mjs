import autocannon from 'autocannon';
let n = 0;
const url = process.argv[2]; const conns = Number(process.argv[3] ?? 10);
const token = process.env.TOKEN;
const r = await autocannon({ url: 'http://127.0.0.1:3900', connections: conns, amount: Number(process.env.AMOUNT ?? 1000), requests: [{ method: 'GET', headers: token ? { authorization: `Bearer ${token}` } : {}, setupRequest: (req) => ({ ...req, path: `${url}${url.includes('?') ? '&' : '?'}r=${++n}` }) }] });
console.log(url, 'rps', r.requests.average, 'p50', r.latency.p50, 'p99', r.latency.p99, 'non2xx', r.non2xx, 'errors', r.errors);
