-- Who made each order move (docs/architecture.md "Order lifecycle"): the shopper, an admin, the
-- courier's tracking update or the shop itself, and the account behind it. Rows written before this
-- migration keep both null: who made those moves was not recorded.
ALTER TABLE "order_events" ADD COLUMN "actor" text;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "actor_id" uuid;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_known" CHECK ("order_events"."actor" in ('shopper', 'admin', 'courier', 'system'));
