ALTER TABLE "order_lines" RENAME COLUMN "tax_rate_bp" TO "tax_rate_ppm";--> statement-breakpoint
ALTER TABLE "order_taxes" RENAME COLUMN "rate_bp" TO "rate_ppm";--> statement-breakpoint
ALTER TABLE "tax_area_rates" RENAME COLUMN "rate_bp" TO "rate_ppm";--> statement-breakpoint
ALTER TABLE "tax_classes" RENAME COLUMN "rate_bp" TO "rate_ppm";--> statement-breakpoint
ALTER TABLE "tax_area_rates" DROP CONSTRAINT "tax_area_rates_rate_range";--> statement-breakpoint
ALTER TABLE "tax_classes" DROP CONSTRAINT "tax_classes_rate_range";--> statement-breakpoint
ALTER TABLE "order_taxes" DROP CONSTRAINT "order_taxes_order_id_rate_bp_pk";--> statement-breakpoint
ALTER TABLE "order_taxes" ADD CONSTRAINT "order_taxes_order_id_rate_ppm_pk" PRIMARY KEY("order_id","rate_ppm");--> statement-breakpoint
ALTER TABLE "tax_area_rates" ADD CONSTRAINT "tax_area_rates_rate_range" CHECK ("tax_area_rates"."rate_ppm" between 0 and 1000000);--> statement-breakpoint
ALTER TABLE "tax_classes" ADD CONSTRAINT "tax_classes_rate_range" CHECK ("tax_classes"."rate_ppm" between 0 and 1000000);--> statement-breakpoint
-- Hand-written: rates were basis points (450 is 4.5 %) and are now parts per million (45,000 is
-- 4.5 %, src/shared/tax.ts), so every stored rate is multiplied by 100. drizzle-kit leaves out the
-- renamed column's new default.
ALTER TABLE "order_lines" ALTER COLUMN "tax_rate_ppm" SET DEFAULT 45000;--> statement-breakpoint
UPDATE "tax_classes" SET "rate_ppm" = "rate_ppm" * 100;--> statement-breakpoint
UPDATE "tax_area_rates" SET "rate_ppm" = "rate_ppm" * 100;--> statement-breakpoint
UPDATE "order_lines" SET "tax_rate_ppm" = "tax_rate_ppm" * 100;--> statement-breakpoint
-- The rate is part of order_taxes' key, checked row by row: through negative values, so an order
-- charged at 4 and 400 basis points never holds 400 twice on the way.
UPDATE "order_taxes" SET "rate_ppm" = -("rate_ppm" * 100);--> statement-breakpoint
UPDATE "order_taxes" SET "rate_ppm" = -"rate_ppm";
--> statement-breakpoint
-- The audit log's tax lines keep rates as they were written: a class's `rate_bp`, an area's
-- `rates` by class. They become parts per million too, so the log reads one unit.
UPDATE "audit_log" SET "before" = ("before" - 'rate_bp') || jsonb_build_object('rate_ppm', ("before"->>'rate_bp')::int * 100) WHERE "action" LIKE 'tax.class.%' AND jsonb_typeof("before"->'rate_bp') = 'number';--> statement-breakpoint
UPDATE "audit_log" SET "after" = ("after" - 'rate_bp') || jsonb_build_object('rate_ppm', ("after"->>'rate_bp')::int * 100) WHERE "action" LIKE 'tax.class.%' AND jsonb_typeof("after"->'rate_bp') = 'number';--> statement-breakpoint
UPDATE "audit_log" SET "before" = jsonb_set("before", '{rates}', (SELECT coalesce(jsonb_object_agg(e.k, CASE WHEN jsonb_typeof(e.v) = 'number' THEN to_jsonb((e.v #>> '{}')::int * 100) ELSE e.v END), '{}'::jsonb) FROM jsonb_each("before"->'rates') AS e(k, v))) WHERE "action" LIKE 'tax.area.%' AND jsonb_typeof("before"->'rates') = 'object';--> statement-breakpoint
UPDATE "audit_log" SET "after" = jsonb_set("after", '{rates}', (SELECT coalesce(jsonb_object_agg(e.k, CASE WHEN jsonb_typeof(e.v) = 'number' THEN to_jsonb((e.v #>> '{}')::int * 100) ELSE e.v END), '{}'::jsonb) FROM jsonb_each("after"->'rates') AS e(k, v))) WHERE "action" LIKE 'tax.area.%' AND jsonb_typeof("after"->'rates') = 'object';
