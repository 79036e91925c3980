CREATE TABLE "card_tries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"client_key" text NOT NULL,
	"kind" text NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "payments_card_refusals_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "card_tries" ADD CONSTRAINT "card_tries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_tries_user_idx" ON "card_tries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "card_tries_client_idx" ON "card_tries" USING btree ("client_key","created_at");