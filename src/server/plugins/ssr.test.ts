import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { contentSecurityPolicy, inlineScriptHashes, pageCacheKey, pageRequest, pageUrl } from './ssr';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes inline scripts only: not external ones and not JSON-LD data blocks', () => {
    const html = [
      '<script>window.__ctx = {"a":1};</script>',
      '<script type="module" async="">import("/assets/entry.js");</script>',
      '<script src="/assets/app.js"></script>',
      '<script type="application/ld+json">{"@type":"Product"}</script>',
      '<script>window.__ctx = {"a":1};</script>',
      '<p>₹1,499</p><script>window.__price = "₹1,499";</script>',
    ].join('');
    const hashes = [sha('window.__ctx = {"a":1};'), sha('import("/assets/entry.js");'), sha('window.__price = "₹1,499";')];
    expect(inlineScriptHashes(html)).toEqual(hashes);
    // The page's bytes as the server sends them give the same hashes.
    expect(inlineScriptHashes(Buffer.from(html))).toEqual(hashes);
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
    expect(csp).toContain("img-src 'self' data: blob: https://res.cloudinary.com https://api.cloudinary.com");
    expect(csp).toContain(
      "connect-src 'self' blob: https://checkout.razorpay.com https://api.razorpay.com https://*.razorpay.com https://api.cloudinary.com",
    );
    expect(csp).toContain('upgrade-insecure-requests');
  });
});

describe('pageCacheKey', () => {
  const key = (url: string, host = 'shop.example', protocol: 'http' | 'https' = 'https') => {
    const page = pageUrl({ url, host, protocol });
    return page && pageCacheKey(page);
  };

  it('keys a page on its origin and path, whatever made-up query it carries', () => {
    for (const url of ['/terms?utm_source=mail', '/terms?x=1', '/terms?', '/terms#top']) {
      expect(key(url), url).toBe(key('/terms'));
    }
    expect(key('/product/abc?ref=instagram')).toBe(key('/product/abc'));
    expect(key('/terms')).toBe('ssr:https://shop.example/terms');
    expect(key('/privacy-policy')).not.toBe(key('/terms'));
  });

  it('keeps the query of the listings, which read it (and redirect other spellings)', () => {
    expect(key('/products?sizes=M')).toBe('ssr:https://shop.example/products?sizes=M');
    expect(key('/products?sizes=M')).not.toBe(key('/products'));
    expect(key('/category/abc?sort=price-asc')).not.toBe(key('/category/abc'));
  });

  it("keeps a product page's colour, and only it, in any case", () => {
    expect(key('/products/silk-kurta?colour=maroon')).toBe('ssr:https://shop.example/products/silk-kurta?colour=maroon');
    expect(key('/products/silk-kurta?utm_source=wa&colour=Maroon')).toBe(key('/products/silk-kurta?colour=maroon'));
    expect(key('/products/silk-kurta?colour=indigo')).not.toBe(key('/products/silk-kurta?colour=maroon'));
    expect(key('/products/silk-kurta?ref=ig')).toBe(key('/products/silk-kurta'));
    expect(key('/products/silk-kurta?colour=%3Cscript%3E')).toBe(key('/products/silk-kurta'));
  });

  it("keeps the whole query of React Router's data and route-discovery requests", () => {
    expect(key('/login.data?_routes=routes%2Flogin')).not.toBe(key('/login.data'));
    expect(key('/login.data?_routes=routes%2Flogin')).not.toBe(key('/login.data?_routes=root'));
    expect(key('/products.data?sizes=M')).not.toBe(key('/products.data?sizes=L'));
    expect(key('/__manifest?paths=%2Flogin&version=1')).not.toBe(key('/__manifest?paths=%2Fcheckout&version=1'));
  });

  it('names the origin the page renders for: host (case and default port aside) and protocol', () => {
    expect(key('/terms', 'SHOP.example:443')).toBe(key('/terms', 'shop.example'));
    expect(key('/terms', 'shop.example', 'http')).toBe('ssr:http://shop.example/terms');
    expect(key('/terms', 'other.example')).not.toBe(key('/terms'));
    // A path that looks like another host stays a path on this one.
    expect(key('//other.example/terms')).toBe('ssr:https://shop.example//other.example/terms');
  });

  it('refuses a Host that is not a host name', () => {
    for (const host of ['', 'shop.example/x', 'a@shop.example', 'shop example', 'shop.example:port']) {
      expect(pageUrl({ url: '/terms', host, protocol: 'https' }), host).toBeNull();
    }
  });
});

describe('pageRequest', () => {
  it('renders a GET of the page URL with no header of the visitor (the page is kept for every visitor)', () => {
    const url = pageUrl({ url: '/products?sizes=M', host: 'shop.example', protocol: 'https' });
    const request = pageRequest(url!);
    expect(request.method).toBe('GET');
    expect(request.url).toBe('https://shop.example/products?sizes=M');
    expect([...request.headers.keys()]).toEqual([]);
  });
});
