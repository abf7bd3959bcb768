CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"refund_id" uuid NOT NULL,
	"number" text NOT NULL,
	"reason" text NOT NULL,
	"lines" jsonb NOT NULL,
	"total_paise" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_notes_refundId_unique" UNIQUE("refund_id"),
	CONSTRAINT "credit_notes_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_paise" integer NOT NULL,
	"reason" text NOT NULL,
	"source" text NOT NULL,
	"return_id" uuid,
	"lines" jsonb,
	"status" text DEFAULT 'pending' NOT NULL,
	"method" text NOT NULL,
	"provider_refund_id" text,
	"attempt" integer DEFAULT 1 NOT NULL,
	"manual_reference" text,
	"failure_reason" text,
	"idempotency_key" text NOT NULL,
	"actor_id" uuid,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refunds_providerRefundId_unique" UNIQUE("provider_refund_id"),
	CONSTRAINT "order_refunds_amount_positive" CHECK ("order_refunds"."amount_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_refund_id_order_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."order_refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_notes_order_id_index" ON "credit_notes" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_idempotency_uq" ON "order_refunds" USING btree ("order_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "order_refunds_order_id_index" ON "order_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_refunds_failed_idx" ON "order_refunds" USING btree ("updated_at") WHERE "order_refunds"."status" = 'failed';