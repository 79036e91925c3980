CREATE TABLE "packing_lines" (
	"order_item_id" integer PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"state" text NOT NULL,
	"short_qty" integer DEFAULT 0 NOT NULL,
	"replacement_product_id" integer,
	"replacement_uuid" uuid,
	"replacement_en_name" text,
	"replacement_zn_name" text,
	"replacement_price_cents" integer,
	"charged_price_cents" integer,
	"refund_cents" integer DEFAULT 0 NOT NULL,
	"refund_id" integer,
	"refund_state" text DEFAULT 'none' NOT NULL,
	"refund_attempts" integer DEFAULT 0 NOT NULL,
	"refund_next_at" timestamp with time zone,
	"refund_message" text,
	"mark_key" text NOT NULL,
	"staff_id" integer,
	"marked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "packing_lines_state" CHECK ("packing_lines"."state" in ('picked', 'short', 'replaced')),
	CONSTRAINT "packing_lines_refund_nonnegative" CHECK ("packing_lines"."refund_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "when_missing" text DEFAULT 'refund' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "slot_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "slot_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "packing_lines" ADD CONSTRAINT "packing_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packing_lines" ADD CONSTRAINT "packing_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packing_lines" ADD CONSTRAINT "packing_lines_replacement_product_id_products_id_fk" FOREIGN KEY ("replacement_product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packing_lines" ADD CONSTRAINT "packing_lines_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "packing_lines_order_idx" ON "packing_lines" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "packing_lines_mark_key_idx" ON "packing_lines" USING btree ("mark_key");--> statement-breakpoint
CREATE INDEX "packing_lines_refund_due_idx" ON "packing_lines" USING btree ("refund_next_at") WHERE "packing_lines"."refund_state" in ('queued', 'sending');