CREATE TABLE "platform_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"platform_fee_ppm" integer NOT NULL,
	"funding_period_days" integer NOT NULL,
	"autoinvest_share_ppm" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_pricing" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_key" text NOT NULL,
	"version" integer NOT NULL,
	"effective_from" timestamp with time zone DEFAULT now() NOT NULL,
	"daily_rate_ppm" integer NOT NULL,
	"upfront_fee_ppm" integer DEFAULT 0 NOT NULL,
	"loan_settings" jsonb NOT NULL,
	"active" boolean NOT NULL,
	"staff_id" uuid,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_pricing_fee_range" CHECK ("product_pricing"."upfront_fee_ppm" >= 0 and "product_pricing"."upfront_fee_ppm" < 1000000)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "upfront_fee_ppm" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_pricing" ADD CONSTRAINT "product_pricing_product_key_products_key_fk" FOREIGN KEY ("product_key") REFERENCES "public"."products"("key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_pricing" ADD CONSTRAINT "product_pricing_staff_id_customers_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_pricing_version" ON "product_pricing" USING btree ("product_key","version");--> statement-breakpoint
CREATE INDEX "product_pricing_effective" ON "product_pricing" USING btree ("product_key","effective_from");--> statement-breakpoint
-- Version 1 of each existing product's price list: the values the code seeded (upfront fee 0, UPFRONT_FEE_PPM).
INSERT INTO "product_pricing" ("product_key", "version", "effective_from", "daily_rate_ppm", "upfront_fee_ppm", "loan_settings", "active")
SELECT "key", 1, "created_at", "daily_rate_ppm", "upfront_fee_ppm", "loan_settings", "active" FROM "products";
