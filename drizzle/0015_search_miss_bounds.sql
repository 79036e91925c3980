CREATE TABLE "search_miss_clients" (
	"client" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"terms" integer NOT NULL,
	CONSTRAINT "search_miss_clients_client_hour_pk" PRIMARY KEY("client","hour")
);
--> statement-breakpoint
CREATE INDEX "search_miss_clients_hour_idx" ON "search_miss_clients" USING btree ("hour");