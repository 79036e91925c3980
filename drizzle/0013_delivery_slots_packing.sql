CREATE TABLE "delivery_closed_dates" (
	"date" date PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_settings" (
	"id" smallint PRIMARY KEY NOT NULL,
	"area_zips" text[] DEFAULT '{}'::text[] NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"free_over_cents" integer DEFAULT 0 NOT NULL,
	"minimum_cents" integer DEFAULT 0 NOT NULL,
	"tax_on_fee" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "delivery_settings_one_row" CHECK ("delivery_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "delivery_slot_rules" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"offered" boolean DEFAULT false NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"capacity" integer DEFAULT 20 NOT NULL,
	"cutoff_minutes" integer DEFAULT 720 NOT NULL,
	"days_ahead" integer DEFAULT 7 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_slot_rules_one_row" CHECK ("delivery_slot_rules"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "delivery_slots" (
	"starts_at" timestamp with time zone PRIMARY KEY NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "delivery_slots_held" CHECK ("delivery_slots"."held" >= 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_windows" (
	"id" serial PRIMARY KEY NOT NULL,
	"weekday" smallint NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL
);
--> statement-breakpoint
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
ALTER TABLE "cart_items" ADD COLUMN "when_missing" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "when_missing" text DEFAULT 'refund' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "slot_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "slot_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "when_missing" text DEFAULT 'refund' NOT NULL;--> statement-breakpoint
ALTER TABLE "packing_lines" ADD CONSTRAINT "packing_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packing_lines" ADD CONSTRAINT "packing_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packing_lines" ADD CONSTRAINT "packing_lines_replacement_product_id_products_id_fk" FOREIGN KEY ("replacement_product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packing_lines" ADD CONSTRAINT "packing_lines_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_windows_start_idx" ON "delivery_windows" USING btree ("weekday","start_minute");--> statement-breakpoint
CREATE INDEX "packing_lines_order_idx" ON "packing_lines" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "packing_lines_mark_key_idx" ON "packing_lines" USING btree ("mark_key");--> statement-breakpoint
CREATE INDEX "packing_lines_refund_due_idx" ON "packing_lines" USING btree ("refund_next_at") WHERE "packing_lines"."refund_state" in ('queued', 'sending');