CREATE TABLE "refinancings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_application_id" uuid NOT NULL,
	"refinanced_account_id" uuid NOT NULL,
	"payoff_at_submission" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payoff_paid" bigint,
	"payoff_on" date,
	"payment_id" uuid,
	"settled_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refinancings_payoff_positive" CHECK ("refinancings"."payoff_at_submission" > 0),
	CONSTRAINT "refinancings_settled_paid" CHECK ("refinancings"."status" <> 'settled' or ("refinancings"."payment_id" is not null and "refinancings"."payoff_paid" > 0))
);
--> statement-breakpoint
ALTER TABLE "refinancings" ADD CONSTRAINT "refinancings_account_application_id_account_applications_id_fk" FOREIGN KEY ("account_application_id") REFERENCES "public"."account_applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refinancings" ADD CONSTRAINT "refinancings_refinanced_account_id_accounts_id_fk" FOREIGN KEY ("refinanced_account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refinancings" ADD CONSTRAINT "refinancings_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refinancings_application" ON "refinancings" USING btree ("account_application_id");--> statement-breakpoint
CREATE INDEX "refinancings_refinanced_account" ON "refinancings" USING btree ("refinanced_account_id");