CREATE TABLE "lender_profiles" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"investment_account_id" uuid NOT NULL,
	"annual_income" bigint NOT NULL,
	"source_of_funds" text NOT NULL,
	"npwp" text,
	"tax_residency" text DEFAULT 'resident' NOT NULL,
	"risk_accepted_at" timestamp with time zone NOT NULL,
	"agreement_signed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lender_profiles_investment_account" UNIQUE("investment_account_id"),
	CONSTRAINT "lender_profiles_income_positive" CHECK ("lender_profiles"."annual_income" > 0)
);
--> statement-breakpoint
ALTER TABLE "lender_profiles" ADD CONSTRAINT "lender_profiles_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lender_profiles" ADD CONSTRAINT "lender_profiles_investment_account_id_accounts_id_fk" FOREIGN KEY ("investment_account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;