-- Two-step codes good once on every instance (docs/architecture.md#accounts-and-sign-in): the last
-- accepted TOTP time step per account, moved forward by a conditional UPDATE.
ALTER TABLE "users" ADD COLUMN "totp_last_step" integer;