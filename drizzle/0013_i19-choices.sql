ALTER TABLE "cart_items" ADD COLUMN "when_missing" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "when_missing" text DEFAULT 'refund' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "when_missing" text DEFAULT 'refund' NOT NULL;