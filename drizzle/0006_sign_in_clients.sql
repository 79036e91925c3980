CREATE TABLE "sign_in_clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sign_in_clients_email_ip_idx" ON "sign_in_clients" USING btree ("email","ip");