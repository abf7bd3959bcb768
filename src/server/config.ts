/**
 * Environment parsed with zod at start (docs/architecture.md#configuration). `loadConfig` throws a
 * ConfigError naming every bad or missing variable.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

/** proxy-addr's names for address ranges (https://github.com/jshttp/proxy-addr#proxyaddrreq-trust). */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * An IPv4 or IPv6 address, optionally with a CIDR prefix length that fits it ("10.0.0.0/8",
 * "fd00::/8"); not /0, which would trust every address like `true`.
 */
function isAddressOrCidr(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: the proxies whose X-Forwarded-For (and -Proto, -Host) Fastify believes, passed as
 * its `trustProxy`: a comma-separated list of addresses, CIDR ranges or proxy-addr's names
 * (loopback, linklocal, uniquelocal). Unset: none, `request.ip` is the socket's address.
 * Refused, as Fastify's docs advise (https://fastify.dev/docs/latest/Reference/Server/#trustproxy):
 * `true`, which would take the left-most X-Forwarded-For, which the client writes; and a hop count,
 * which cannot tell the load balancer from a client that reaches the server directly (Fastify 5.12
 * ignores one: it trusts no proxy then).
 */
const trustProxySetting = z
  .string()
  .trim()
  .transform((value, ctx): string[] | false => {
    if (/^(true|yes|\d+)$/i.test(value)) {
      ctx.addIssue({
        code: 'custom',
        message: `${value} would believe X-Forwarded-For from anyone who reaches the server: list the load balancer's addresses or CIDR ranges (10.0.0.0/8)`,
      });
      return false;
    }
    const entries = value.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => !PROXY_RANGE_NAMES.has(e) && !isAddressOrCidr(e));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be the load balancer's addresses or CIDR ranges, separated by commas (10.0.0.0/8); not ${bad
          .map((e) => JSON.stringify(e))
          .join(', ')}`,
      });
    }
    return entries;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url('must be a postgres:// URL').optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int('must be a whole number').min(1).max(200).default(20),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z.string().url('must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().default('Rangmanch <no-reply@rangmanch.in>'),
  RAZORPAY_KEY_ID: z.string().min(1).optional(),
  RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
  RAZORPAY_API_BASE: z.string().url().default('https://api.razorpay.com'),
  RAZORPAY_CHECKOUT_URL: z.string().url().default('https://checkout.razorpay.com/v1/checkout.js'),
  SHIPROCKET_EMAIL: z.string().email('must be an e-mail address').optional(),
  SHIPROCKET_PASSWORD: z.string().min(1).optional(),
  SHIPROCKET_WEBHOOK_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  SHIPROCKET_API_BASE: z.string().url().default('https://apiv2.shiprocket.in'),
  WHATSAPP_TOKEN: z.string().min(1).optional(),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{5,30}$/, 'must be the digits of the phone number ID')
    .optional(),
  WHATSAPP_APP_SECRET: z.string().min(1).optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().min(8, 'must be at least 8 characters').optional(),
  WHATSAPP_API_BASE: z.string().url().default('https://graph.facebook.com'),
  WHATSAPP_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, 'must look like v21.0')
    .default('v21.0'),
  CLOUDINARY_URL: z.string().startsWith('cloudinary://', 'must look like cloudinary://key:secret@cloud').optional(),
  REDIS_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url('must be the address shoppers open, like https://shop.example').optional(),
  TRUST_PROXY: trustProxySetting.optional(),
  IMPORT_PRIVATE_HOSTS: z.string().optional(),
  RESPONSE_CACHE_TTL_MS: z.coerce.number().int().min(0).default(10_000),
  ADMIN_EMAIL: z.string().email('must be an e-mail address').optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SEED_DEMO: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Browser tests only (NODE_ENV=test; ignored otherwise): carts count as untouched this many minutes sooner. */
  CART_REMINDER_LOOK_AHEAD_MINUTES: z.coerce.number().int().min(0).max(10_080).optional(),
});

export class ConfigError extends Error {}

export interface RazorpayConfig {
  /** True when no keys are set and the built-in sandbox stands in. */
  sandbox: boolean;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  apiBase: string;
  checkoutUrl: string;
}

/**
 * Shiprocket (docs/architecture.md#order-lifecycle): the account when SHIPROCKET_EMAIL and
 * SHIPROCKET_PASSWORD are set; else, outside production, the built-in stand-in mounted at
 * /shiprocket-sandbox (its API base is filled in once the port is known). In production without an
 * account `enabled` is false: "Ship with Shiprocket" is refused and manual couriers remain.
 */
export interface ShiprocketConfig {
  enabled: boolean;
  standIn: boolean;
  email: string;
  password: string;
  /** The token Shiprocket sends in the webhook's x-api-key header. */
  webhookToken: string;
  apiBase: string;
}

/**
 * WhatsApp (docs/architecture.md#whatsapp): Meta's WhatsApp Business Cloud API when WHATSAPP_TOKEN
 * and WHATSAPP_PHONE_NUMBER_ID are set (then WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN are
 * required for the webhook); else, outside production, the built-in stand-in mounted at
 * /whatsapp-sandbox with a secret kept in DATA_DIR. In production without them `enabled` is false
 * and staged messages are marked failed ("not set up"); mail goes as always.
 */
export interface WhatsAppConfig {
  enabled: boolean;
  standIn: boolean;
  token: string;
  phoneNumberId: string;
  /** The Meta app's secret: the webhook's X-Hub-Signature-256 is an HMAC-SHA256 with it. */
  appSecret: string;
  /** The token Meta sends back in the webhook's verification handshake. */
  verifyToken: string;
  /** https://graph.facebook.com, or the stand-in (in-process, see modules/whatsapp). */
  apiBase: string;
  apiVersion: string;
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  /** HOST; unset: 127.0.0.1 while the Razorpay sandbox is on, else 0.0.0.0 (every address). */
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  razorpay: RazorpayConfig;
  shiprocket: ShiprocketConfig;
  whatsapp: WhatsAppConfig;
  cloudinaryUrl: string | undefined;
  redisUrl: string | undefined;
  /** PUBLIC_URL: the shop's address for links in mail no request asks for (back-in-stock alerts); unset: http://localhost:PORT. */
  publicUrl: string | undefined;
  /** How long anonymous catalogue answers and pages are cached; 0 turns the cache off. */
  responseCacheTtlMs: number;
  /**
   * Abandoned-cart reminders look this many minutes ahead (CART_REMINDER_LOOK_AHEAD_MINUTES, only with
   * NODE_ENV=test, for browser tests; 0 otherwise, so never in production) and run every 5 s when set.
   */
  cartReminderLookAheadMinutes: number;
  /**
   * PostgreSQL connections this process may open at once (DATABASE_POOL_SIZE, default 20). Every
   * instance opens up to this many; their sum must stay under the server's `max_connections`.
   */
  databasePoolSize: number;
  /**
   * Fastify's `trustProxy` from TRUST_PROXY: false (the default) trusts no proxy and `request.ip`
   * is the socket's address; the proxies' addresses make it the client address they forwarded
   * (per-IP rate limits count that address).
   */
  trustProxy: false | string[];
  /**
   * IMPORT_PRIVATE_HOSTS: comma-separated host names or addresses on a private network that an
   * import may download pictures from; any other must be on the public internet
   * (docs/architecture.md#security). Empty by default.
   */
  importPrivateHosts: string[];
  admin: { email: string; password: string } | undefined;
  seedDemo: boolean;
  logLevel: string;
}

/** The sandbox's fixed key id; its secret is generated per data folder. */
export const SANDBOX_KEY_ID = 'rzp_test_sandbox';

/** Reads a secret kept in DATA_DIR, creating it once (development only). */
function persistentSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Parses `env` (process.env by default) into the app's config. Throws ConfigError listing each bad
 * variable; in production also when JWT_SECRET or the Razorpay keys are missing.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);
  const missing: string[] = [];
  if (isProduction && !e.JWT_SECRET) missing.push('JWT_SECRET (at least 32 characters)');
  const hasKeys = Boolean(e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET);
  if (isProduction && !hasKeys) missing.push('RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET (the sandbox is not allowed in production)');
  if (isProduction && hasKeys && !e.RAZORPAY_WEBHOOK_SECRET) missing.push('RAZORPAY_WEBHOOK_SECRET');
  const hasShiprocket = Boolean(e.SHIPROCKET_EMAIL && e.SHIPROCKET_PASSWORD);
  if (hasShiprocket && !e.SHIPROCKET_WEBHOOK_TOKEN) missing.push('SHIPROCKET_WEBHOOK_TOKEN (the token set on the Shiprocket webhook)');
  const hasWhatsApp = Boolean(e.WHATSAPP_TOKEN && e.WHATSAPP_PHONE_NUMBER_ID);
  if (hasWhatsApp && !(e.WHATSAPP_APP_SECRET && e.WHATSAPP_VERIFY_TOKEN)) {
    missing.push('WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN (the webhook needs both with WHATSAPP_TOKEN)');
  }
  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) missing.push('ADMIN_EMAIL and ADMIN_PASSWORD (set both or neither)');
  if (missing.length > 0) {
    throw new ConfigError(`Missing configuration:\n${missing.map((m) => `  ${m}`).join('\n')}`);
  }
  const sandboxSecret = hasKeys ? '' : persistentSecret(dataDir, '.razorpay-sandbox-secret');
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    // The sandbox marks any checkout paid: unless HOST says otherwise, only this machine reaches it
    // (README "Configuration"). With Razorpay keys (always in production), every address, as before.
    host: e.HOST ?? (hasKeys ? '0.0.0.0' : '127.0.0.1'),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? persistentSecret(dataDir, '.jwt-secret'),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    razorpay: hasKeys
      ? {
          sandbox: false,
          keyId: e.RAZORPAY_KEY_ID!,
          keySecret: e.RAZORPAY_KEY_SECRET!,
          webhookSecret: e.RAZORPAY_WEBHOOK_SECRET ?? '',
          apiBase: e.RAZORPAY_API_BASE.replace(/\/$/, ''),
          checkoutUrl: e.RAZORPAY_CHECKOUT_URL,
        }
      : {
          sandbox: true,
          keyId: SANDBOX_KEY_ID,
          keySecret: sandboxSecret,
          webhookSecret: `${sandboxSecret}-webhook`,
          // Filled in once the port is known (the sandbox is mounted on the shop's own server).
          apiBase: '',
          checkoutUrl: '/razorpay-sandbox/checkout.js',
        },
    shiprocket: hasShiprocket
      ? {
          enabled: true,
          standIn: false,
          email: e.SHIPROCKET_EMAIL!,
          password: e.SHIPROCKET_PASSWORD!,
          webhookToken: e.SHIPROCKET_WEBHOOK_TOKEN ?? '',
          apiBase: e.SHIPROCKET_API_BASE.replace(/\/$/, ''),
        }
      : {
          enabled: !isProduction,
          standIn: !isProduction,
          email: 'stand-in@rangmanch.in',
          password: isProduction ? '' : persistentSecret(dataDir, '.shiprocket-stand-in-secret'),
          webhookToken: isProduction ? '' : `${persistentSecret(dataDir, '.shiprocket-stand-in-secret')}-webhook`,
          // Filled in once the port is known (the stand-in is mounted on the shop's own server).
          apiBase: '',
        },
    whatsapp: hasWhatsApp
      ? {
          enabled: true,
          standIn: false,
          token: e.WHATSAPP_TOKEN!,
          phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID!,
          appSecret: e.WHATSAPP_APP_SECRET ?? '',
          verifyToken: e.WHATSAPP_VERIFY_TOKEN ?? '',
          apiBase: e.WHATSAPP_API_BASE.replace(/\/$/, ''),
          apiVersion: e.WHATSAPP_API_VERSION,
        }
      : {
          enabled: !isProduction,
          standIn: !isProduction,
          token: isProduction ? '' : `${persistentSecret(dataDir, '.whatsapp-stand-in-secret')}-token`,
          phoneNumberId: '100000000000001',
          appSecret: isProduction ? '' : persistentSecret(dataDir, '.whatsapp-stand-in-secret'),
          verifyToken: isProduction ? '' : `${persistentSecret(dataDir, '.whatsapp-stand-in-secret')}-verify`,
          // The stand-in is mounted on the shop's own server and called in process (modules/whatsapp/stand-in.ts).
          apiBase: 'http://whatsapp-stand-in',
          apiVersion: e.WHATSAPP_API_VERSION,
        },
    cloudinaryUrl: e.CLOUDINARY_URL,
    redisUrl: e.REDIS_URL,
    publicUrl: e.PUBLIC_URL,
    responseCacheTtlMs: e.RESPONSE_CACHE_TTL_MS,
    cartReminderLookAheadMinutes: e.NODE_ENV === 'test' ? (e.CART_REMINDER_LOOK_AHEAD_MINUTES ?? 0) : 0,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    trustProxy: e.TRUST_PROXY ?? false,
    importPrivateHosts: (e.IMPORT_PRIVATE_HOSTS ?? '')
      .split(',')
      .map((h) =>
        h
          .trim()
          .replace(/^\[|\]$/g, '')
          .toLowerCase(),
      )
      .filter(Boolean),
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD } : undefined,
    seedDemo: e.SEED_DEMO ?? !isProduction,
    logLevel: e.LOG_LEVEL,
  };
}
