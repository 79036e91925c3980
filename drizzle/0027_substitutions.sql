ALTER TABLE "packing_lines" DROP CONSTRAINT "packing_lines_state";--> statement-breakpoint
DROP INDEX "mail_outbox_once_idx";--> statement-breakpoint
ALTER TABLE "cart_lines" ADD COLUMN "substitute_product_id" integer;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD COLUMN "substitute_ask" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD COLUMN "substitute_fallback" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "substitute_product_id" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "substitute_ask" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "substitute_fallback" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "packing_lines" ADD COLUMN "proposal_status" text;--> statement-breakpoint
ALTER TABLE "packing_lines" ADD COLUMN "proposal_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "packing_lines" ADD COLUMN "proposal_answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_substitute_product_id_products_id_fk" FOREIGN KEY ("substitute_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_substitute_product_id_products_id_fk" FOREIGN KEY ("substitute_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "packing_lines_proposal_due_idx" ON "packing_lines" USING btree ("proposal_deadline") WHERE "packing_lines"."proposal_status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_once_idx" ON "mail_outbox" USING btree ("order_id","kind") WHERE "mail_outbox"."kind" not in ('refunded', 'substitution');--> statement-breakpoint
ALTER TABLE "packing_lines" ADD CONSTRAINT "packing_lines_state" CHECK ("packing_lines"."state" in ('picked', 'short', 'replaced', 'proposed'));