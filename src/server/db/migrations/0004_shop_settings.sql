CREATE TABLE "shop_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"legal_name" text NOT NULL,
	"address" text NOT NULL,
	"state" text NOT NULL,
	"gstin" text NOT NULL,
	"invoice_prefix" text NOT NULL,
	"support_email" text NOT NULL,
	"support_phone" text NOT NULL,
	"whatsapp_number" text NOT NULL,
	"cod_enabled" boolean DEFAULT true NOT NULL,
	"cod_max_order_total_paise" integer NOT NULL,
	"cod_max_open_orders" integer NOT NULL,
	"cod_fee_paise" integer NOT NULL,
	"cod_blocked_pincodes" text[] DEFAULT '{}'::text[] NOT NULL,
	"dispatch_days" integer NOT NULL,
	"transit_days_within_state" integer NOT NULL,
	"transit_days_metros" integer NOT NULL,
	"transit_days_rest" integer NOT NULL,
	"non_serviceable_pincodes" text[] DEFAULT '{}'::text[] NOT NULL,
	"tax_slabs" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_settings_single_row" CHECK ("shop_settings"."id" = 1),
	CONSTRAINT "shop_settings_cod_amounts" CHECK ("shop_settings"."cod_max_order_total_paise" >= 0 and "shop_settings"."cod_fee_paise" >= 0 and "shop_settings"."cod_max_open_orders" >= 0)
);
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;