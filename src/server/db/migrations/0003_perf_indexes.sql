-- Performance at scale. Trigram indexes need pg_trgm (a trusted extension on PostgreSQL 13+;
-- PGlite loads it in db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "products_is_active_created_at_index";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "min_price_paise" integer;--> statement-breakpoint
-- products.min_price_paise: the lowest active variant price, null when the product has no active
-- variant. Kept here, by triggers, so every writer (admin, seeds, tests, SQL) keeps it right.
CREATE OR REPLACE FUNCTION refresh_product_min_price(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE products p SET min_price_paise = m.price
  FROM (
    SELECT pid, (SELECT min(v.price_paise) FROM variants v WHERE v.product_id = pid AND v.is_active) AS price
    FROM unnest(ids) AS pid
  ) m
  WHERE p.id = m.pid AND p.min_price_paise IS DISTINCT FROM m.price
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION variants_refresh_min_price() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    PERFORM refresh_product_min_price(ARRAY[OLD.product_id, NEW.product_id]);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM refresh_product_min_price(ARRAY(SELECT DISTINCT product_id FROM new_rows));
  ELSE
    PERFORM refresh_product_min_price(ARRAY(SELECT DISTINCT product_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER variants_min_price_insert AFTER INSERT ON variants
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION variants_refresh_min_price();--> statement-breakpoint
CREATE TRIGGER variants_min_price_delete AFTER DELETE ON variants
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION variants_refresh_min_price();--> statement-breakpoint
-- Row level, and only when a price, the active flag or the product changes: stock updates (every
-- checkout) never fire it.
CREATE TRIGGER variants_min_price_update AFTER UPDATE OF price_paise, is_active, product_id ON variants
  FOR EACH ROW WHEN (OLD.price_paise IS DISTINCT FROM NEW.price_paise OR OLD.is_active IS DISTINCT FROM NEW.is_active
    OR OLD.product_id IS DISTINCT FROM NEW.product_id)
  EXECUTE FUNCTION variants_refresh_min_price();--> statement-breakpoint
UPDATE products p SET min_price_paise = (SELECT min(v.price_paise) FROM variants v WHERE v.product_id = p.id AND v.is_active);--> statement-breakpoint
CREATE INDEX "products_listed_newest_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id") WHERE "products"."is_active" and "products"."min_price_paise" is not null;--> statement-breakpoint
CREATE INDEX "products_listed_price_idx" ON "products" USING btree ("min_price_paise","created_at" DESC NULLS FIRST) WHERE "products"."is_active" and "products"."min_price_paise" is not null;--> statement-breakpoint
CREATE INDEX "products_title_trgm_idx" ON "products" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_description_trgm_idx" ON "products" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_phone_idx" ON "users" USING btree ("phone" text_pattern_ops);
