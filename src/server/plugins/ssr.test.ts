import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { contentSecurityPolicy, inlineScriptHashes } from './ssr';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes inline scripts only: not external ones and not JSON-LD data blocks', () => {
    const html = [
      '<script>window.__ctx = {"a":1};</script>',
      '<script type="module" async="">import("/assets/entry.js");</script>',
      '<script src="/assets/app.js"></script>',
      '<script type="application/ld+json">{"@type":"Product"}</script>',
      '<script>window.__ctx = {"a":1};</script>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([sha('window.__ctx = {"a":1};'), sha('import("/assets/entry.js");')]);
  });
});

describe('contentSecurityPolicy', () => {
  const base = { DATA_DIR: '/tmp/csp-test', JWT_SECRET: 'x'.repeat(32), LOG_LEVEL: 'silent' };

  it('locks the page down and allows the sandbox widget from this origin only', () => {
    const csp = contentSecurityPolicy(loadConfig({ ...base, NODE_ENV: 'test' }), ["'sha256-abc'"]);
    expect(csp).toContain("script-src 'self' 'sha256-abc'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('razorpay.com');
    expect(csp).not.toContain('unsafe-eval');
  });

  it('allows Razorpay and Cloudinary, and upgrades requests, in production', () => {
    const config = loadConfig({
      ...base,
      NODE_ENV: 'production',
      RAZORPAY_KEY_ID: 'rzp_live_x',
      RAZORPAY_KEY_SECRET: 's',
      RAZORPAY_WEBHOOK_SECRET: 'w',
      CLOUDINARY_URL: 'cloudinary://k:s@shop',
    });
    const csp = contentSecurityPolicy(config, []);
    expect(csp).toMatch(/script-src 'self' https:\/\/checkout\.razorpay\.com/);
    expect(csp).toContain('frame-src https://checkout.razorpay.com https://api.razorpay.com');
    expect(csp).toContain("img-src 'self' data: blob: https://res.cloudinary.com");
    expect(csp).toContain(
      "connect-src 'self' blob: https://checkout.razorpay.com https://api.razorpay.com https://*.razorpay.com https://api.cloudinary.com",
    );
    expect(csp).toContain('upgrade-insecure-requests');
  });
});
