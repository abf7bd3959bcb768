-- Checkout offers and win-backs (docs/architecture.md#prepaid-discount, #part-paid-cod,
-- #abandoned-carts): the prepaid discount and COD advance on checkout attempts and orders with their
-- settings, e-mail offers consent on accounts, and abandoned-cart reminders with their settings.
CREATE TABLE "cart_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"cart_changed_at" timestamp with time zone NOT NULL,
	"step" integer NOT NULL,
	"items" jsonb NOT NULL,
	"value_paise" integer NOT NULL,
	"channel" text NOT NULL,
	"coupon_code" text,
	"restored_at" timestamp with time zone,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_reminders_step" CHECK ("cart_reminders"."step" in (1, 2)),
	CONSTRAINT "cart_reminders_channel" CHECK ("cart_reminders"."channel" in ('whatsapp', 'email'))
);
--> statement-breakpoint
ALTER TABLE "checkout_attempts" ADD COLUMN "prepaid_discount_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_attempts" ADD COLUMN "cod_advance_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prepaid_discount_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_advance_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "prepaid_discount_kind" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "prepaid_discount_value" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "prepaid_discount_cap_paise" integer;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "cod_advance_kind" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "cod_advance_value" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "cod_advance_above_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "cart_reminders" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "cart_reminder_first_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "cart_reminder_second_hours" integer;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "cart_reminder_coupon_code" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_offers" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_reminders_step_uq" ON "cart_reminders" USING btree ("user_id","cart_changed_at","step");--> statement-breakpoint
CREATE INDEX "cart_reminders_created_at_index" ON "cart_reminders" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_prepaid_parts" CHECK ("orders"."prepaid_discount_paise" >= 0 and "orders"."cod_advance_paise" >= 0 and "orders"."cod_advance_paise" + "orders"."store_credit_paise" <= "orders"."grand_total_paise");--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_prepaid_discount" CHECK ("shop_settings"."prepaid_discount_kind" in ('off', 'percent', 'flat') and "shop_settings"."prepaid_discount_value" >= 0 and coalesce("shop_settings"."prepaid_discount_cap_paise", 0) >= 0);--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_cod_advance" CHECK ("shop_settings"."cod_advance_kind" in ('off', 'fixed', 'percent') and "shop_settings"."cod_advance_value" >= 0 and "shop_settings"."cod_advance_above_paise" >= 0);--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_cart_reminders" CHECK ("shop_settings"."cart_reminder_first_minutes" between 15 and 1440 and coalesce("shop_settings"."cart_reminder_second_hours", 1) between 1 and 168);