CREATE TABLE "search_aliases" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer,
	"category_id" integer,
	"alias" text NOT NULL,
	"folded" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "search_aliases_one_target" CHECK (("search_aliases"."product_id" is null) <> ("search_aliases"."category_id" is null))
);
--> statement-breakpoint
CREATE TABLE "search_misses" (
	"day" date NOT NULL,
	"language" text NOT NULL,
	"term" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "search_misses_day_language_term_pk" PRIMARY KEY("day","language","term")
);
--> statement-breakpoint
ALTER TABLE "search_aliases" ADD CONSTRAINT "search_aliases_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_aliases" ADD CONSTRAINT "search_aliases_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "search_aliases_product_idx" ON "search_aliases" USING btree ("product_id","folded") WHERE "search_aliases"."product_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "search_aliases_category_idx" ON "search_aliases" USING btree ("category_id","folded") WHERE "search_aliases"."category_id" is not null;--> statement-breakpoint
CREATE INDEX "search_misses_day_idx" ON "search_misses" USING btree ("day");