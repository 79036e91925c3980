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
ALTER TABLE "orders" ADD COLUMN "delivery_fee_cents" integer DEFAULT 0 NOT NULL;