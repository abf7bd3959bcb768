-- Colours and sizes (docs/architecture.md "Colours and sizes"): a product may have a Colour option
-- before its Size; a variant is one colour × size, a picture may belong to one colour. Existing
-- products have no colours: their variants keep colour null and mean exactly what they meant.
-- One variant per colour and size is the product form's rule (as one per size was), not an index:
-- a save may swap two rows' sizes in place, and a retired variant keeps its colour and size.
ALTER TABLE "products" ADD COLUMN "colours" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "colour" text;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "colour" text;--> statement-breakpoint
CREATE INDEX "variants_in_stock_colour_idx" ON "variants" USING btree ("product_id",trim(both '-' from regexp_replace(lower("colour"), '[^[:alnum:]]+', '-', 'g'))) WHERE "variants"."is_active" and "variants"."stock_qty" > 0 and "variants"."colour" is not null;--> statement-breakpoint
-- The search counts a product's colour names as its words ("maroon kurta", search/matcher.ts).
ALTER TABLE "products" ADD COLUMN "colour_words" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, jsonb_path_query_array(colours, '$[*].name'))) STORED;--> statement-breakpoint
CREATE INDEX "products_colour_words_idx" ON "products" USING gin ("colour_words");
