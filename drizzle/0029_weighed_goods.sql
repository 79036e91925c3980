ALTER TABLE "order_lines" ADD COLUMN "weight_unit" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "unit_price_cents" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "piece_grams" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "estimate_grams" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "estimate_cents" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "weighed_grams" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "weighed_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "estimate_subtotal_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "estimate_tax_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "estimate_total_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "weighed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sold_by" text DEFAULT 'unit' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_unit" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "unit_price_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "step_milli" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "piece_grams" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_weighed_positive" CHECK ("order_lines"."weighed_grams" is null or "order_lines"."weighed_grams" > 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sold_by" CHECK ("products"."sold_by" = 'unit' or ("products"."sold_by" = 'weight' and "products"."weight_unit" in ('lb', 'kg') and "products"."unit_price_cents" >= 0 and (("products"."step_milli" > 0 and "products"."piece_grams" is null) or ("products"."piece_grams" > 0 and "products"."step_milli" is null))));