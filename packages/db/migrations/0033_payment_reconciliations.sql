CREATE TABLE "payment_reconciliations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parked_payment_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"account_id" uuid,
	"allocated_payment_id" uuid,
	"staff_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"business_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_reconciliations_matched" CHECK (("payment_reconciliations"."outcome" = 'matched') = ("payment_reconciliations"."account_id" is not null and "payment_reconciliations"."allocated_payment_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "payment_reconciliations" ADD CONSTRAINT "payment_reconciliations_parked_payment_id_payments_id_fk" FOREIGN KEY ("parked_payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reconciliations" ADD CONSTRAINT "payment_reconciliations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reconciliations" ADD CONSTRAINT "payment_reconciliations_allocated_payment_id_payments_id_fk" FOREIGN KEY ("allocated_payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reconciliations" ADD CONSTRAINT "payment_reconciliations_staff_id_customers_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reconciliations_parked" ON "payment_reconciliations" USING btree ("parked_payment_id");