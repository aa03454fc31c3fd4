CREATE SEQUENCE "public"."autoinvest_served_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "autoinvest_allocations" (
	"account_application_id" uuid PRIMARY KEY NOT NULL,
	"amount" bigint NOT NULL,
	"lenders" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "autoinvest_settings" (
	"investment_account_id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"enabled" boolean NOT NULL,
	"amount_per_loan" bigint NOT NULL,
	"tenor_min_months" integer NOT NULL,
	"tenor_max_months" integer NOT NULL,
	"risk_grades" text[] NOT NULL,
	"product_keys" text[] NOT NULL,
	"max_per_borrower" bigint NOT NULL,
	"reserve" bigint NOT NULL,
	"last_served" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "autoinvest_settings_amounts" CHECK ("autoinvest_settings"."amount_per_loan" > 0 and "autoinvest_settings"."max_per_borrower" > 0 and "autoinvest_settings"."reserve" >= 0),
	CONSTRAINT "autoinvest_settings_tenor" CHECK ("autoinvest_settings"."tenor_min_months" <= "autoinvest_settings"."tenor_max_months")
);
--> statement-breakpoint
ALTER TABLE "autoinvest_allocations" ADD CONSTRAINT "autoinvest_allocations_account_application_id_account_applications_id_fk" FOREIGN KEY ("account_application_id") REFERENCES "public"."account_applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autoinvest_settings" ADD CONSTRAINT "autoinvest_settings_investment_account_id_accounts_id_fk" FOREIGN KEY ("investment_account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autoinvest_settings" ADD CONSTRAINT "autoinvest_settings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "autoinvest_settings_rotation" ON "autoinvest_settings" USING btree ("last_served") WHERE "autoinvest_settings"."enabled";