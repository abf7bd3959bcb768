/**
 * How the admin finds an account by what was typed (docs/architecture.md#customers): the name contains
 * the term (starts with it, for a term under 3 characters), the e-mail starts with it, or the phone
 * starts with its digits (spaces, dashes and a +91 prefix ignored). Each branch can use an index
 * (schema.ts: users_name_trgm_idx, users_email_lower_idx, users_phone_idx).
 */
import { ilike, or, sql, type SQL } from 'drizzle-orm';
import { users } from '../../db/schema';
import { escapeLike } from '../../db/like';

/** The digits of `term` when it reads as a phone number (10 digits after dropping +91), else ''. */
export function phoneDigits(term: string): string {
  if (!/^\+?[\d\s()-]+$/.test(term)) return '';
  const digits = term.replace(/\D/g, '');
  return digits.length === 12 && digits.startsWith('91') ? digits.slice(2) : digits;
}

/** The condition on `users` for the typed `raw` term (trimmed, any case). */
export function accountMatch(raw: string): SQL {
  const term = raw.trim().toLowerCase();
  const prefix = `${escapeLike(term)}%`;
  const digits = phoneDigits(term);
  return or(
    // Contains for 3 characters or more (what the trigram index can serve); a shorter term is a
    // prefix, or "a" would match nearly every account.
    ilike(users.name, term.length >= 3 ? `%${escapeLike(term)}%` : prefix),
    sql`lower(${users.email}) like ${prefix}`,
    digits ? sql`${users.phone} like ${`${digits}%`}` : undefined,
  )!;
}
