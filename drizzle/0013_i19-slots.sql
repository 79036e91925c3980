CREATE TABLE "delivery_closed_dates" (
	"date" date PRIMARY KEY NOT NULL
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
ALTER TABLE "orders" ADD COLUMN "slot_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "slot_ends_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_windows_start_idx" ON "delivery_windows" USING btree ("weekday","start_minute");