/**
 * Contact messages as the admin reads them (a searchable, newest-first list); the shopper's
 * POST /api/contacts writes them (routes.store.ts).
 */
import { desc, ilike, or } from 'drizzle-orm';
import type { AdminContactMessage } from '../../../core/schemas/admin-orders';
import type { Database } from '../../db/client';
import { contactMessages } from '../../db/schema';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * GET /api/contacts (admin): every message, newest first; `search` (optional, case-insensitive,
 * part of a word) narrows to messages whose name, e-mail, phone or comment contains it.
 */
export async function listContactMessages(db: Database, search?: string): Promise<AdminContactMessage[]> {
  const like = search ? `%${escapeLike(search)}%` : null;
  const rows = await db
    .select()
    .from(contactMessages)
    .where(
      like
        ? or(
            ilike(contactMessages.name, like),
            ilike(contactMessages.email, like),
            ilike(contactMessages.phone, like),
            ilike(contactMessages.comment, like),
          )
        : undefined,
    )
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id));
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    comment: r.comment,
    registeredUser: r.registeredUser,
    createdAt: r.createdAt.toISOString(),
  }));
}
