/**
 * Login limits (docs/decisions/0020-login-limits.md; OWASP Authentication Cheat Sheet, "Protect against
 * automated attacks", and ASVS 2.2.1): wrong passwords are counted, right ones are not, and nobody
 * can lock an account's owner out from another address.
 *
 * - Per account and IP: after `accountIpFailures` wrong passwords (10) for one account from one
 *   address, that address is refused for that account (429) until the window ends.
 * - Per IP: after `ipFailures` wrong passwords (50) from one address, whatever the accounts, that
 *   address is refused (429) until the window ends (one address trying many accounts).
 * - Per account, from every address together: past `accountFailuresBeforeDelay` wrong passwords
 *   (100) each further attempt on the account waits `delayMs` (1 s) before its password is
 *   checked. It slows guessing from many addresses down and never refuses anyone.
 *
 * Windows are fixed, `windowMs` (15 minutes) from the first counted failure, so every refusal ends.
 * An attempt is counted before its password is checked and given back when the password is right,
 * so parallel attempts cannot slip past a count, and successful logins do not count.
 *
 * Counters live in Redis when the app has it (shared by every instance, keys `store-login:…` that
 * expire with their window), else in this process; when Redis fails, the process counts alone until
 * it is back (limits then hold per instance rather than not at all).
 */
import type { Redis } from 'ioredis';

export interface LoginLimitSettings {
  /** Wrong passwords for one account from one IP per window before that IP is refused for it. */
  accountIpFailures: number;
  /** Wrong passwords from one IP per window, over every account, before that IP is refused. */
  ipFailures: number;
  /** Wrong passwords for one account per window, from every IP, before attempts on it are slowed. */
  accountFailuresBeforeDelay: number;
  /** How long a slowed attempt waits before its password is checked (ms). */
  delayMs: number;
  /** The counting window (ms), from the first failure it counts. */
  windowMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimitSettings = {
  accountIpFailures: 10,
  ipFailures: 50,
  accountFailuresBeforeDelay: 100,
  delayMs: 1000,
  windowMs: 15 * 60_000,
};

/** A counter's value and the ms left in its window (0 when it has none). */
interface Count {
  count: number;
  ttlMs: number;
}

/** Fixed-window counters: `add` counts one (starting a window of `windowMs` if none), `remove` gives one back. */
interface CounterStore {
  add(key: string, windowMs: number): Promise<Count>;
  remove(key: string): Promise<void>;
}

/** In-process counters on the app's clock; expired windows are swept as the map grows. */
function memoryStore(now: () => number): CounterStore {
  const counts = new Map<string, { count: number; endsAt: number }>();
  const live = (key: string) => {
    const entry = counts.get(key);
    if (entry && entry.endsAt <= now()) counts.delete(key);
    return entry && entry.endsAt > now() ? entry : undefined;
  };
  return {
    async add(key, windowMs) {
      if (counts.size > 50_000) for (const k of [...counts.keys()]) live(k);
      const entry = live(key) ?? { count: 0, endsAt: now() + windowMs };
      entry.count += 1;
      counts.set(key, entry);
      return { count: entry.count, ttlMs: entry.endsAt - now() };
    },
    async remove(key) {
      const entry = live(key);
      if (entry) entry.count = Math.max(0, entry.count - 1);
    },
  };
}

// One round trip each, atomic in Redis: the window starts with the first count (and is set again
// should a key ever lack one); a give-back never creates a key (a window that just ended stays ended).
const ADD = `local c = redis.call('INCR', KEYS[1])
local t = redis.call('PTTL', KEYS[1])
if c == 1 or t < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) t = tonumber(ARGV[1]) end
return {c, t}`;
const REMOVE = `if redis.call('EXISTS', KEYS[1]) == 1 and tonumber(redis.call('GET', KEYS[1])) > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/** Counters in Redis under `store-login:`; on a Redis error, the fallback store counts instead. */
function redisStore(redis: Redis, fallback: CounterStore, onError: (err: Error) => void): CounterStore {
  const prefix = 'store-login:';
  return {
    async add(key, windowMs) {
      try {
        const [count, ttlMs] = (await redis.eval(ADD, 1, prefix + key, String(windowMs))) as [number, number];
        return { count, ttlMs };
      } catch (err) {
        onError(err as Error);
        return fallback.add(key, windowMs);
      }
    },
    async remove(key) {
      try {
        await redis.eval(REMOVE, 1, prefix + key);
      } catch (err) {
        onError(err as Error);
        await fallback.remove(key);
      }
    },
  };
}

/** A login attempt the limits let through: `giveBack` un-counts it once its password proved right. */
export interface Counted {
  refused?: undefined;
  giveBack: () => Promise<void>;
}
/** A login attempt the limits refused: answer 429 with `message` and Retry-After `retryAfterSeconds`. */
export interface Refused {
  refused: { message: string; retryAfterSeconds: number };
}

export interface LoginLimiter {
  /**
   * Counts an attempt on `email` (compared trimmed and lower-cased) from `ip`, before its password
   * is checked, and says whether it may go on; waits `delayMs` first when the account is slowed.
   * Refusals read "Too many attempts for this account. Please try again in N minutes." (or
   * "… from your network …").
   */
  count(email: string, ip: string): Promise<Counted | Refused>;
}

function refusal(what: string, ttlMs: number): Refused {
  const minutes = Math.max(1, Math.ceil(ttlMs / 60_000));
  return {
    refused: {
      message: `Too many attempts ${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)),
    },
  };
}

/**
 * Builds the limiter. `redis` shares the counts between instances (null: in this process);
 * `now` is the app's clock (ms; tests move it) for the in-process counters; `onRedisError` hears
 * each Redis failure (the app logs it).
 */
export function createLoginLimiter(opts: {
  settings: LoginLimitSettings;
  redis: Redis | null;
  now: () => number;
  onRedisError?: (err: Error) => void;
}): LoginLimiter {
  const { settings } = opts;
  const memory = memoryStore(opts.now);
  const store = opts.redis ? redisStore(opts.redis, memory, opts.onRedisError ?? (() => {})) : memory;
  const limits = [
    { key: (email: string, ip: string) => `account-ip:${email}|${ip}`, max: settings.accountIpFailures, refuse: 'for this account' },
    { key: (_email: string, ip: string) => `ip:${ip}`, max: settings.ipFailures, refuse: 'from your network' },
    { key: (email: string) => `account:${email}`, max: settings.accountFailuresBeforeDelay, refuse: null },
  ];
  return {
    async count(rawEmail, ip) {
      const email = rawEmail.trim().toLowerCase();
      const added: string[] = [];
      const giveBack = async () => {
        await Promise.all(added.map((key) => store.remove(key)));
      };
      for (const limit of limits) {
        const key = limit.key(email, ip);
        const { count, ttlMs } = await store.add(key, settings.windowMs);
        added.push(key);
        if (count <= limit.max) continue;
        if (limit.refuse) {
          await giveBack();
          return refusal(limit.refuse, ttlMs);
        }
        await new Promise((resolve) => setTimeout(resolve, settings.delayMs));
      }
      return { giveBack };
    },
  };
}
