-- A coupon is listed in the public offers (GET /api/coupons/public) only when its "Show in offers"
-- flag is on; new coupons start hidden. Existing coupons become hidden too (a staff or influencer
-- code must not stay public), except the seeded demo coupons, matched by code and exact terms,
-- whose codes the README publishes anyway (docs/decisions/0007-coupon-codes.md "Show in offers").
ALTER TABLE "coupons" ADD COLUMN "show_in_offers" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "coupons" SET "show_in_offers" = true
WHERE ("code", "kind", coalesce("percent_off", 0), coalesce("amount_off_paise", 0), "min_subtotal_paise", coalesce("max_discount_paise", 0), "first_order_only") IN (
  ('WELCOME10', 'percent', 10, 0, 0, 30000, true),
  ('FLAT200', 'flat', 0, 20000, 199900, 0, false),
  ('FESTIVE15', 'percent', 15, 0, 299900, 75000, false)
);
