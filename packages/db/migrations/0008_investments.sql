CREATE TABLE "investments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"investment_account_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"account_application_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"reservation_transfer_id" uuid,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investments_amount_positive" CHECK ("investments"."amount" > 0),
	CONSTRAINT "investments_reserved" CHECK ("investments"."reservation_transfer_id" is not null or "investments"."status" = 'pending')
);
--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_investment_account_id_accounts_id_fk" FOREIGN KEY ("investment_account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_account_application_id_account_applications_id_fk" FOREIGN KEY ("account_application_id") REFERENCES "public"."account_applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_reservation_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("reservation_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "investments_account_idempotency_key" ON "investments" USING btree ("investment_account_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "investments_application" ON "investments" USING btree ("account_application_id");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE restrict ON UPDATE no action;