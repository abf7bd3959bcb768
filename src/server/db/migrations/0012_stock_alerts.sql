CREATE TABLE "job_runs" (
	"job" text NOT NULL,
	"period" text NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_runs_job_period_pk" PRIMARY KEY("job","period")
);
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "low_stock_threshold" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_low_stock_threshold" CHECK ("shop_settings"."low_stock_threshold" >= 0);
--> statement-breakpoint
-- Hand-written: sizes that existed before the ledger get their stock as an opening row, so every size's ledger sums to its stock.
INSERT INTO "inventory_ledger" ("variant_id", "delta", "stock_after", "reason", "note")
SELECT "v"."id", "v"."stock_qty", "v"."stock_qty", 'adjustment', 'Opening stock'
FROM "variants" "v"
WHERE NOT EXISTS (SELECT 1 FROM "inventory_ledger" "l" WHERE "l"."variant_id" = "v"."id");
