ALTER TABLE "categories" ADD COLUMN "size_chart" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "size_chart" jsonb;