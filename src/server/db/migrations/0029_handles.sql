-- Readable addresses (docs/architecture.md "Product addresses"): every product and category gets a
-- unique handle made from its title or name, and a product's earlier handles answer 301 to its
-- current one. Existing rows are given handles here as the app makes them for Latin titles
-- (lower case, '&' as 'and', apostrophes dropped, other runs of non-letters a hyphen, at most 80
-- characters); a clash takes -2, -3, ... in order of creation.
ALTER TABLE "products" ADD COLUMN "handle" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "handle" text;--> statement-breakpoint
CREATE TABLE "product_handle_redirects" (
	"handle" text PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "product_handle_redirects" ADD CONSTRAINT "product_handle_redirects_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_handle_redirects_product_id_index" ON "product_handle_redirects" USING btree ("product_id");--> statement-breakpoint
WITH base AS (
	SELECT id, created_at, coalesce(nullif(trim(both '-' from left(trim(both '-' from regexp_replace(lower(regexp_replace(replace(title, '&', ' and '), '[''’]', '', 'g')), '[^a-z0-9]+', '-', 'g')), 80)), ''), 'product') AS handle
	FROM "products"
), ranked AS (
	SELECT id, handle, row_number() OVER (PARTITION BY handle ORDER BY created_at, id) AS n FROM base
)
UPDATE "products" p SET "handle" = CASE WHEN r.n = 1 THEN r.handle ELSE r.handle || '-' || r.n END
FROM ranked r WHERE r.id = p.id;--> statement-breakpoint
-- A title that itself ends in -2 can meet a clash's suffix: the later of the two takes its id's start.
UPDATE "products" p SET "handle" = p."handle" || '-' || left(p.id::text, 8)
WHERE EXISTS (SELECT 1 FROM "products" o WHERE o."handle" = p."handle" AND (o.created_at, o.id) < (p.created_at, p.id));--> statement-breakpoint
WITH base AS (
	SELECT id, created_at, coalesce(nullif(trim(both '-' from left(trim(both '-' from regexp_replace(lower(regexp_replace(replace(name, '&', ' and '), '[''’]', '', 'g')), '[^a-z0-9]+', '-', 'g')), 80)), ''), 'collection') AS handle
	FROM "categories"
), ranked AS (
	SELECT id, handle, row_number() OVER (PARTITION BY handle ORDER BY created_at, id) AS n FROM base
)
UPDATE "categories" c SET "handle" = CASE WHEN r.n = 1 THEN r.handle ELSE r.handle || '-' || r.n END
FROM ranked r WHERE r.id = c.id;--> statement-breakpoint
UPDATE "categories" c SET "handle" = c."handle" || '-' || left(c.id::text, 8)
WHERE EXISTS (SELECT 1 FROM "categories" o WHERE o."handle" = c."handle" AND (o.created_at, o.id) < (c.created_at, c.id));--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "handle" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ALTER COLUMN "handle" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "products_handle_uq" ON "products" USING btree ("handle");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_handle_uq" ON "categories" USING btree ("handle");
