ALTER TABLE "refunds" ADD COLUMN "status" text DEFAULT 'processed' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "attempt" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "status" SET DEFAULT 'pending';--> statement-breakpoint
UPDATE "refunds" SET "status" = 'pending' WHERE "razorpay_refund_id" IS NULL;--> statement-breakpoint
INSERT INTO "refunds" ("checkout_attempt_id", "razorpay_payment_id", "amount_paise", "reason", "status")
  SELECT a."id", a."razorpay_payment_id", a."grand_total_paise", coalesce(a."failure_reason", 'unfillable after payment'), 'pending'
  FROM "checkout_attempts" a
  WHERE a."status" = 'failed' AND a."payment_method" = 'razorpay' AND a."razorpay_payment_id" IS NOT NULL AND a."order_id" IS NULL
    AND NOT EXISTS (SELECT 1 FROM "refunds" r WHERE r."razorpay_payment_id" = a."razorpay_payment_id");--> statement-breakpoint
CREATE INDEX "refunds_unsettled_idx" ON "refunds" USING btree ("updated_at") WHERE "refunds"."status" <> 'processed';--> statement-breakpoint
CREATE INDEX "order_refunds_pending_idx" ON "order_refunds" USING btree ("updated_at") WHERE "order_refunds"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "credit_notes" ALTER COLUMN "refund_id" DROP NOT NULL;
