CREATE TABLE "tax_area_rates" (
	"area_id" integer NOT NULL,
	"class_code" text NOT NULL,
	"rate_bp" integer NOT NULL,
	CONSTRAINT "tax_area_rates_area_id_class_code_pk" PRIMARY KEY("area_id","class_code"),
	CONSTRAINT "tax_area_rates_rate_range" CHECK ("tax_area_rates"."rate_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "tax_area_zips" (
	"zip_prefix" text PRIMARY KEY NOT NULL,
	"area_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "tax_areas_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "tax_classes" (
	"code" text PRIMARY KEY NOT NULL,
	"en_name" text NOT NULL,
	"zn_name" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tax_classes_rate_range" CHECK ("tax_classes"."rate_bp" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tax_rate_bp" integer DEFAULT 450 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_class" text DEFAULT 'groceries' NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_area_rates" ADD CONSTRAINT "tax_area_rates_area_id_tax_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."tax_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_area_rates" ADD CONSTRAINT "tax_area_rates_class_code_tax_classes_code_fk" FOREIGN KEY ("class_code") REFERENCES "public"."tax_classes"("code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "tax_area_zips" ADD CONSTRAINT "tax_area_zips_area_id_tax_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."tax_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
--> statement-breakpoint
-- A new shop's classes: every one at the spec's 4.5 % but "none", every product in groceries, so
-- totals stay the spec's until the owner sets other rates. Inserted before products refer to them.
INSERT INTO "tax_classes" ("code", "en_name", "zn_name", "rate_bp", "position") VALUES
  ('groceries', 'Groceries', '食品杂货', 450, 1),
  ('prepared_food', 'Prepared food', '熟食', 450, 2),
  ('household', 'Household', '家居用品', 450, 3),
  ('none', 'No tax', '免税', 0, 4);
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tax_class_tax_classes_code_fk" FOREIGN KEY ("tax_class") REFERENCES "public"."tax_classes"("code") ON DELETE restrict ON UPDATE cascade;
--> statement-breakpoint
-- Existing orders' lines get their shares by the one rule (src/shared/tax.ts): the coupon's
-- discount over the lines in proportion to their goods, largest remainder first, ties to the
-- earlier line.
WITH l AS (
  SELECT ol.id, ol.order_id, ol.price_cents::bigint * ol.num AS goods,
         o.discount_cents::bigint AS d, o.subtotal_cents::bigint AS s
  FROM order_lines ol JOIN orders o ON o.id = ol.order_id
  WHERE o.discount_cents > 0 AND o.subtotal_cents > 0
), b AS (
  SELECT id, order_id, d, (d * goods) / s AS base, (d * goods) % s AS rest FROM l
), r AS (
  SELECT id, base, d - sum(base) OVER (PARTITION BY order_id) AS leftover,
         row_number() OVER (PARTITION BY order_id ORDER BY rest DESC, id) AS rk
  FROM b
)
UPDATE order_lines SET discount_cents = (r.base + CASE WHEN r.rk <= r.leftover THEN 1 ELSE 0 END)::int
FROM r WHERE order_lines.id = r.id;
--> statement-breakpoint
-- Then the order's one-rate tax over the lines after their discount, and the fee where it was
-- taxed (its share is the order's tax less the lines').
WITH w AS (
  SELECT ol.id, ol.order_id, ol.price_cents::bigint * ol.num - ol.discount_cents AS wt, 0 AS is_fee
  FROM order_lines ol
  UNION ALL
  SELECT NULL, ot.order_id, (ot.taxable_cents - (o.subtotal_cents - o.discount_cents))::bigint, 1
  FROM order_taxes ot JOIN orders o ON o.id = ot.order_id
  WHERE ot.taxable_cents > o.subtotal_cents - o.discount_cents
), t AS (
  SELECT w.id, w.order_id, w.wt, w.is_fee, o.tax_cents::bigint AS tx,
         sum(w.wt) OVER (PARTITION BY w.order_id) AS total
  FROM w JOIN orders o ON o.id = w.order_id
), b AS (
  SELECT id, order_id, is_fee, tx,
         CASE WHEN total > 0 THEN (tx * wt) / total ELSE 0 END AS base,
         CASE WHEN total > 0 THEN (tx * wt) % total ELSE 0 END AS rest
  FROM t
), r AS (
  SELECT id, base, tx - sum(base) OVER (PARTITION BY order_id) AS leftover,
         row_number() OVER (PARTITION BY order_id ORDER BY rest DESC, is_fee, id) AS rk
  FROM b
)
UPDATE order_lines SET tax_cents = (r.base + CASE WHEN r.rk <= r.leftover THEN 1 ELSE 0 END)::int
FROM r WHERE r.id IS NOT NULL AND order_lines.id = r.id;
