CREATE TABLE "insurance_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"investment_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"business_date" date NOT NULL,
	"outstanding_principal" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"insurer_reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurance_claims_investment" UNIQUE("investment_id"),
	CONSTRAINT "insurance_claims_amounts" CHECK ("insurance_claims"."amount" > 0 and "insurance_claims"."amount" <= "insurance_claims"."outstanding_principal")
);
--> statement-breakpoint
CREATE TABLE "investment_insurance_settings" (
	"investment_account_id" uuid PRIMARY KEY NOT NULL,
	"automatic_insurance_investor" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "insured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD CONSTRAINT "insurance_claims_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD CONSTRAINT "insurance_claims_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_insurance_settings" ADD CONSTRAINT "investment_insurance_settings_investment_account_id_accounts_id_fk" FOREIGN KEY ("investment_account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;