ALTER TABLE "cart_items" RENAME TO "cart_lines";--> statement-breakpoint
ALTER TABLE "order_items" RENAME TO "order_lines";--> statement-breakpoint
ALTER TABLE "packing_lines" RENAME COLUMN "order_item_id" TO "order_line_id";--> statement-breakpoint
ALTER INDEX "cart_items_user_product_idx" RENAME TO "cart_lines_user_product_idx";--> statement-breakpoint
ALTER INDEX "order_items_order_idx" RENAME TO "order_lines_order_idx";--> statement-breakpoint
ALTER INDEX "cart_items_pkey" RENAME TO "cart_lines_pkey";--> statement-breakpoint
ALTER INDEX "order_items_pkey" RENAME TO "order_lines_pkey";--> statement-breakpoint
ALTER SEQUENCE "cart_items_id_seq" RENAME TO "cart_lines_id_seq";--> statement-breakpoint
ALTER SEQUENCE "order_items_id_seq" RENAME TO "order_lines_id_seq";--> statement-breakpoint
ALTER TABLE "cart_lines" RENAME CONSTRAINT "cart_items_amount_range" TO "cart_lines_amount_range";--> statement-breakpoint
ALTER TABLE "cart_lines" RENAME CONSTRAINT "cart_items_user_id_users_id_fk" TO "cart_lines_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "cart_lines" RENAME CONSTRAINT "cart_items_product_id_products_id_fk" TO "cart_lines_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "order_lines" RENAME CONSTRAINT "order_items_order_id_orders_id_fk" TO "order_lines_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "order_lines" RENAME CONSTRAINT "order_items_product_id_products_id_fk" TO "order_lines_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "packing_lines" RENAME CONSTRAINT "packing_lines_order_item_id_order_items_id_fk" TO "packing_lines_order_line_id_order_lines_id_fk";
