DROP INDEX "products_title_words_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "title_words" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, title)) STORED;--> statement-breakpoint
CREATE INDEX "products_title_words_idx" ON "products" USING gin ("title_words");