-- One live password-reset code per e-mail (docs/decisions/0020-login-limits.md): older live duplicates
-- are retired first, keeping each e-mail's newest.
UPDATE "one_time_codes" SET "consumed_at" = now()
  WHERE "purpose" = 'reset' AND "consumed_at" IS NULL
    AND "id" NOT IN (
      SELECT DISTINCT ON ("email") "id" FROM "one_time_codes"
      WHERE "purpose" = 'reset' AND "consumed_at" IS NULL
      ORDER BY "email", "created_at" DESC
    );--> statement-breakpoint
CREATE UNIQUE INDEX "one_time_codes_live_reset_uq" ON "one_time_codes" USING btree ("email") WHERE "one_time_codes"."purpose" = 'reset' and "one_time_codes"."consumed_at" is null;
