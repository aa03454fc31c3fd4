CREATE TABLE "address_cities" (
	"code" text PRIMARY KEY NOT NULL,
	"region_code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "address_districts" (
	"code" text PRIMARY KEY NOT NULL,
	"city_code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "address_regions" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "address_subdistricts" (
	"code" text PRIMARY KEY NOT NULL,
	"district_code" text NOT NULL,
	"name" text NOT NULL,
	"postal_code" text
);
--> statement-breakpoint
CREATE TABLE "field_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid,
	"flow_progress_id" uuid,
	"storage" text NOT NULL,
	"object_key" text NOT NULL,
	"filename" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" bigint NOT NULL,
	"status" text DEFAULT 'presigned' NOT NULL,
	"policy_expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "flow_progresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"flow_version_id" uuid NOT NULL,
	"flow_key" text NOT NULL,
	"customer_id" uuid,
	"account_id" uuid,
	"account_application_id" uuid,
	"current_step" text NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "flow_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"flow_key" text NOT NULL,
	"number" integer NOT NULL,
	"digest" text NOT NULL,
	"definition" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flows" (
	"key" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"audience" text NOT NULL,
	"product_key" text,
	"current_version_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"type_key" text NOT NULL,
	"status" text NOT NULL,
	"amount" integer NOT NULL,
	"term" integer NOT NULL,
	"daily_rate_ppm" integer NOT NULL,
	"total_repayment" integer NOT NULL,
	"flow_progress_id" uuid,
	"submitted_on" date,
	"effective_on" date,
	"maturity_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"type_key" text NOT NULL,
	"product_key" text,
	"status" text NOT NULL,
	"principal_balance" integer DEFAULT 0 NOT NULL,
	"payment_channel" text,
	"closed_on" date,
	"activated_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_profiles" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"personal_code" text NOT NULL,
	"full_name" text NOT NULL,
	"birth_date" date NOT NULL,
	"kyc" jsonb NOT NULL,
	"consent" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "address_cities" ADD CONSTRAINT "address_cities_region_code_address_regions_code_fk" FOREIGN KEY ("region_code") REFERENCES "public"."address_regions"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "address_districts" ADD CONSTRAINT "address_districts_city_code_address_cities_code_fk" FOREIGN KEY ("city_code") REFERENCES "public"."address_cities"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "address_subdistricts" ADD CONSTRAINT "address_subdistricts_district_code_address_districts_code_fk" FOREIGN KEY ("district_code") REFERENCES "public"."address_districts"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_uploads" ADD CONSTRAINT "field_uploads_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_progresses" ADD CONSTRAINT "flow_progresses_flow_version_id_flow_versions_id_fk" FOREIGN KEY ("flow_version_id") REFERENCES "public"."flow_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_progresses" ADD CONSTRAINT "flow_progresses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_versions" ADD CONSTRAINT "flow_versions_flow_key_flows_key_fk" FOREIGN KEY ("flow_key") REFERENCES "public"."flows"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_applications" ADD CONSTRAINT "account_applications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_product_key_products_key_fk" FOREIGN KEY ("product_key") REFERENCES "public"."products"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_profiles" ADD CONSTRAINT "customer_profiles_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "address_cities_region" ON "address_cities" USING btree ("region_code");--> statement-breakpoint
CREATE INDEX "address_districts_city" ON "address_districts" USING btree ("city_code");--> statement-breakpoint
CREATE INDEX "address_subdistricts_district" ON "address_subdistricts" USING btree ("district_code");--> statement-breakpoint
CREATE INDEX "address_subdistricts_postal_code" ON "address_subdistricts" USING btree ("postal_code");--> statement-breakpoint
CREATE UNIQUE INDEX "field_uploads_object_key" ON "field_uploads" USING btree ("object_key");--> statement-breakpoint
CREATE INDEX "field_uploads_customer" ON "field_uploads" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "flow_progresses_customer" ON "flow_progresses" USING btree ("customer_id","flow_key");--> statement-breakpoint
CREATE UNIQUE INDEX "flow_versions_flow_number" ON "flow_versions" USING btree ("flow_key","number");--> statement-breakpoint
CREATE UNIQUE INDEX "flow_versions_flow_digest" ON "flow_versions" USING btree ("flow_key","digest");--> statement-breakpoint
CREATE INDEX "account_applications_account" ON "account_applications" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "accounts_customer" ON "accounts" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_profiles_personal_code" ON "customer_profiles" USING btree ("personal_code");