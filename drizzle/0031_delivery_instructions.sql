ALTER TABLE "addresses" ADD COLUMN "instructions" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_instructions" text DEFAULT '' NOT NULL;