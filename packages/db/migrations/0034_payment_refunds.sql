CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parked_payment_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"bank_code" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"transfer_reference" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"last_error_final" boolean DEFAULT false NOT NULL,
	"bank_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_amount_positive" CHECK ("payment_refunds"."amount" > 0),
	CONSTRAINT "payment_refunds_refunded_has_reference" CHECK ("payment_refunds"."status" <> 'refunded' or "payment_refunds"."bank_reference" is not null)
);
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_parked_payment_id_payments_id_fk" FOREIGN KEY ("parked_payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_parked" ON "payment_refunds" USING btree ("parked_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_transfer_reference" ON "payment_refunds" USING btree ("transfer_reference");