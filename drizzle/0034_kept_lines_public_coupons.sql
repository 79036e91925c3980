ALTER TABLE "cart_lines" ADD COLUMN "kept" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "public" boolean DEFAULT false NOT NULL;