CREATE INDEX "orders_ref_idx" ON "orders" USING btree (right(("id")::text, 8) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_email_lower_idx" ON "orders" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_phone_idx" ON "orders" USING btree ("phone" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_ship_name_idx" ON "orders" USING btree (lower((("shipping_address" ->> 'firstName') || ' ') || ("shipping_address" ->> 'lastName')) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_ship_last_name_idx" ON "orders" USING btree (lower("shipping_address" ->> 'lastName') text_pattern_ops);