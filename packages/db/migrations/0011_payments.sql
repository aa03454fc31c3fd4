CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gateway_transaction_id" text NOT NULL,
	"source" text NOT NULL,
	"channel" text NOT NULL,
	"virtual_account_number" text NOT NULL,
	"virtual_account_id" uuid,
	"account_id" uuid,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"parked_reason" text,
	"business_date" date NOT NULL,
	"paid_at" timestamp with time zone,
	"late_fee" bigint DEFAULT 0 NOT NULL,
	"interest" bigint DEFAULT 0 NOT NULL,
	"principal" bigint DEFAULT 0 NOT NULL,
	"credit" bigint DEFAULT 0 NOT NULL,
	"credit_used" bigint DEFAULT 0 NOT NULL,
	"waived_interest" bigint DEFAULT 0 NOT NULL,
	"account_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_not_negative" CHECK ("payments"."amount" >= 0),
	CONSTRAINT "payments_parked_reason" CHECK (("payments"."status" = 'parked') = ("payments"."parked_reason" is not null)),
	CONSTRAINT "payments_allocated_to_account" CHECK ("payments"."status" = 'parked' or "payments"."account_id" is not null),
	CONSTRAINT "payments_every_rupiah" CHECK ("payments"."status" = 'parked' or "payments"."late_fee" + "payments"."interest" + "payments"."principal" + "payments"."credit" = "payments"."amount" + "payments"."credit_used")
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "waived_interest" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_virtual_account_id_virtual_accounts_id_fk" FOREIGN KEY ("virtual_account_id") REFERENCES "public"."virtual_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_transaction" ON "payments" USING btree ("gateway_transaction_id");--> statement-breakpoint
CREATE INDEX "payments_account" ON "payments" USING btree ("account_id","created_at");