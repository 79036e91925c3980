ALTER TABLE "products" ADD COLUMN "net_volume_ml" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "net_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "barcode" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "scale_item_code" text;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_barcode_unique" UNIQUE("barcode");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_scale_item_code_unique" UNIQUE("scale_item_code");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_net_nonnegative" CHECK ("products"."net_volume_ml" >= 0 and "products"."net_count" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_barcode_digits" CHECK ("products"."barcode" ~ '^([0-9]{8}|[0-9]{12,13})$');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_scale_item_code_digits" CHECK ("products"."scale_item_code" ~ '^[0-9]{5}$');