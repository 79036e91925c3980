CREATE TABLE "search_synonyms" (
	"id" serial PRIMARY KEY NOT NULL,
	"terms" text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "search_synonyms_terms" CHECK (cardinality("search_synonyms"."terms") between 2 and 12)
);
