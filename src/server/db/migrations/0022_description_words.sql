DROP INDEX "products_description_words_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description_words" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, description)) STORED;--> statement-breakpoint
CREATE INDEX "products_description_words_idx" ON "products" USING gin ("description_words");