-- Staff roles (docs/decisions/0023-staff-roles.md): every account is a 'customer' or holds one of the
-- staff roles of core/permissions.ts. The admins of before become owners: they could do everything.
UPDATE "users" SET "role" = 'owner' WHERE "role" = 'admin';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_known" CHECK ("users"."role" in ('customer', 'owner', 'manager', 'fulfilment', 'support', 'content'));
