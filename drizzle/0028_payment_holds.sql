ALTER TABLE "payments" ADD COLUMN "hold_state" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "held_cents" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "capture_cents" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "hold_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "hold_next_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "hold_message" text;--> statement-breakpoint
CREATE INDEX "payments_hold_due_idx" ON "payments" USING btree ("hold_next_at") WHERE "payments"."hold_state" in ('capture', 'void');