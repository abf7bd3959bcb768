-- Selling more and losing less (docs/architecture.md#whatsapp, #cod-confirmation, #back-in-stock,
-- #store-credit): the WhatsApp outbox, its webhook replay keys and STOP list, consent on accounts,
-- COD confirmation on orders, back-in-stock alerts, and the store credit balance with its ledger.
CREATE TABLE "stock_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"variant_id" uuid NOT NULL,
	"user_id" uuid,
	"email" text,
	"phone" text,
	"channel" text NOT NULL,
	"code_hash" text,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"code_expires_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_alerts_someone" CHECK ("stock_alerts"."user_id" is not null or "stock_alerts"."email" is not null or "stock_alerts"."phone" is not null),
	CONSTRAINT "stock_alerts_channel" CHECK ("stock_alerts"."channel" in ('whatsapp', 'email'))
);
--> statement-breakpoint
CREATE TABLE "store_credit_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"delta_paise" integer NOT NULL,
	"balance_after_paise" integer NOT NULL,
	"reason" text NOT NULL,
	"order_id" uuid,
	"refund_id" uuid,
	"note" text DEFAULT '' NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_credit_nonzero" CHECK ("store_credit_ledger"."delta_paise" <> 0),
	CONSTRAINT "store_credit_balance" CHECK ("store_credit_ledger"."balance_after_paise" >= 0),
	CONSTRAINT "store_credit_reason" CHECK ("store_credit_ledger"."reason" in ('refund', 'bonus', 'order', 'order_cancelled', 'adjustment'))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"kind" text NOT NULL,
	"template_name" text NOT NULL,
	"language" text NOT NULL,
	"components" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"marketing" boolean DEFAULT false NOT NULL,
	"order_id" uuid,
	"user_id" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"status_at" timestamp with time zone,
	"provider_message_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_messages_providerMessageId_unique" UNIQUE("provider_message_id"),
	CONSTRAINT "whatsapp_messages_status" CHECK ("whatsapp_messages"."status" in ('queued', 'sent', 'delivered', 'read', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_opt_outs" (
	"phone" text PRIMARY KEY NOT NULL,
	"opted_out_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_webhook_events" (
	"key" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_attempts" ADD COLUMN "store_credit_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "store_credit_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_confirmation" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_confirm_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "whatsapp_templates" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "cod_confirm_mode" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "cod_confirm_above_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "cod_confirm_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "cod_confirm_expiry" text DEFAULT 'cancel' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "cod_max_refused" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "back_in_stock_factor" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "store_credit_refunds" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "store_credit_bonus_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "whatsapp_updates" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "whatsapp_offers" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "store_credit_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_ledger" ADD CONSTRAINT "store_credit_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_ledger" ADD CONSTRAINT "store_credit_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_ledger" ADD CONSTRAINT "store_credit_ledger_refund_id_order_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."order_refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_ledger" ADD CONSTRAINT "store_credit_ledger_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_live_uq" ON "stock_alerts" USING btree ("variant_id",coalesce(("user_id")::text, lower("email"), "phone")) WHERE "stock_alerts"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "stock_alerts_waiting_idx" ON "stock_alerts" USING btree ("variant_id","confirmed_at") WHERE "stock_alerts"."notified_at" is null and "stock_alerts"."confirmed_at" is not null;--> statement-breakpoint
CREATE INDEX "store_credit_ledger_user_id_created_at_index" ON "store_credit_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "store_credit_refund_uq" ON "store_credit_ledger" USING btree ("refund_id","reason") WHERE "store_credit_ledger"."refund_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "store_credit_order_uq" ON "store_credit_ledger" USING btree ("order_id","reason") WHERE "store_credit_ledger"."reason" in ('order', 'order_cancelled');--> statement-breakpoint
CREATE INDEX "whatsapp_messages_pending_idx" ON "whatsapp_messages" USING btree ("next_attempt_at") WHERE "whatsapp_messages"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "whatsapp_messages_order_id_index" ON "whatsapp_messages" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_cod_awaiting_idx" ON "orders" USING btree ("cod_confirm_by") WHERE "orders"."cod_confirmation" = 'awaiting';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cod_confirmation" CHECK ("orders"."cod_confirmation" in ('awaiting', 'confirmed', 'held'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_store_credit" CHECK ("orders"."store_credit_paise" >= 0 and "orders"."store_credit_paise" <= "orders"."grand_total_paise");--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_cod_confirm" CHECK ("shop_settings"."cod_confirm_mode" in ('off', 'above', 'all') and "shop_settings"."cod_confirm_expiry" in ('cancel', 'hold') and "shop_settings"."cod_confirm_above_paise" >= 0 and "shop_settings"."cod_confirm_hours" between 1 and 168 and "shop_settings"."cod_max_refused" >= 1);--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_back_in_stock_factor" CHECK ("shop_settings"."back_in_stock_factor" between 1 and 100);--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_store_credit" CHECK ("shop_settings"."store_credit_refunds" in ('off', 'choice') and "shop_settings"."store_credit_bonus_percent" between 0 and 100);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_store_credit_not_negative" CHECK ("users"."store_credit_paise" >= 0);