CREATE TABLE "shop_settings" (
	"id" smallint PRIMARY KEY NOT NULL,
	"weight_unit" text DEFAULT 'lb' NOT NULL,
	"hold_buffer_percent" smallint DEFAULT 10 NOT NULL,
	"substitution_answer_minutes" integer DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shop_settings_one_row" CHECK ("shop_settings"."id" = 1),
	CONSTRAINT "shop_settings_weight_unit" CHECK ("shop_settings"."weight_unit" in ('lb', 'kg')),
	CONSTRAINT "shop_settings_buffer_range" CHECK ("shop_settings"."hold_buffer_percent" between 0 and 50),
	CONSTRAINT "shop_settings_answer_range" CHECK ("shop_settings"."substitution_answer_minutes" between 1 and 1440)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "weighed" boolean DEFAULT false NOT NULL;