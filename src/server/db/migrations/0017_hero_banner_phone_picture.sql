ALTER TABLE "hero_banners" ADD COLUMN "mobile_image_url" text;--> statement-breakpoint
ALTER TABLE "hero_banners" ADD COLUMN "mobile_public_id" text;