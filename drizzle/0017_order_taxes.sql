CREATE TABLE "order_taxes" (
	"order_id" integer NOT NULL,
	"rate_bp" integer NOT NULL,
	"taxable_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	CONSTRAINT "order_taxes_order_id_rate_bp_pk" PRIMARY KEY("order_id","rate_bp")
);
--> statement-breakpoint
ALTER TABLE "order_taxes" ADD CONSTRAINT "order_taxes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Orders placed before tax by rate were all taxed at the one 4.5 % rate, on their goods after the
-- coupon plus the fee where the tax came to more than the goods' own.
INSERT INTO "order_taxes" ("order_id", "rate_bp", "taxable_cents", "tax_cents")
SELECT "id", 450,
       CASE WHEN "delivery_fee_cents" > 0
             AND "tax_cents" <> FLOOR((("subtotal_cents" - "discount_cents") * 450 + 5000) / 10000)
            THEN "subtotal_cents" - "discount_cents" + "delivery_fee_cents"
            ELSE "subtotal_cents" - "discount_cents" END,
       "tax_cents"
FROM "orders";
