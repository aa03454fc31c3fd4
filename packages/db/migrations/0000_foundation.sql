CREATE TABLE "company_config" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"facebook_page_url" text NOT NULL,
	"linked_in_page_url" text NOT NULL,
	"instagram_page_url" text NOT NULL,
	"app_store_url" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"key" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"variant" text NOT NULL,
	"loan_type" text NOT NULL,
	"daily_rate_ppm" integer NOT NULL,
	"loan_settings" jsonb NOT NULL,
	"play_store_loan_settings" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"contact" text NOT NULL,
	"message" text NOT NULL,
	"page_path" text NOT NULL,
	"request_id" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tkb_snapshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"entries" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL
);
