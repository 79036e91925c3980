CREATE TABLE "shop_secret" (
	"id" smallint PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shop_secret_one_row" CHECK ("shop_secret"."id" = 1)
);
