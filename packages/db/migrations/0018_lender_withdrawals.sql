CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"signature_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"bank_code" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"reservation_id" uuid NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"failure" text,
	"last_error" text,
	"bank_reference" text,
	"business_date" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."amount" > 0),
	CONSTRAINT "withdrawals_failure" CHECK (("withdrawals"."status" = 'failed') = ("withdrawals"."failure" is not null)),
	CONSTRAINT "withdrawals_paid_has_reference" CHECK ("withdrawals"."status" <> 'succeeded' or "withdrawals"."bank_reference" is not null)
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_every_rupiah";--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_account_key" ON "withdrawals" USING btree ("account_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_signature" ON "withdrawals" USING btree ("signature_id");--> statement-breakpoint
CREATE INDEX "withdrawals_account" ON "withdrawals" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_due" ON "withdrawals" USING btree ("next_attempt_at") WHERE "withdrawals"."status" = 'processing';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_every_rupiah" CHECK ("payments"."status" <> 'allocated' or "payments"."late_fee" + "payments"."interest" + "payments"."principal" + "payments"."credit" = "payments"."amount" + "payments"."credit_used");