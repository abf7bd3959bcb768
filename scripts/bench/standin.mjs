// A standalone Razorpay stand-in for the benchmarks (src/server/integrations/razorpay/sandbox.ts), in
// its own process so its work does not run on the shop's or the load generator's event loop.
// Usage: node standin.mjs <bundled db-tools.mjs> <keyId> <keySecret>; prints {"baseUrl": …} once up.
import { pathToFileURL } from 'node:url';

const [bundle, keyId, keySecret] = process.argv.slice(2);
const { startRazorpaySandbox } = await import(pathToFileURL(bundle).href);
const sandbox = await startRazorpaySandbox({ keyId, keySecret });
process.stdout.write(`${JSON.stringify({ baseUrl: sandbox.baseUrl })}\n`);
process.on('SIGTERM', () => void sandbox.close().then(() => process.exit(0)));
