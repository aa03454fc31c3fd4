CREATE TABLE "approval_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"account_id" uuid,
	"debit_ledger_account_id" uuid,
	"credit_ledger_account_id" uuid,
	"amount" bigint,
	"reason" text NOT NULL,
	"requested_by" uuid NOT NULL,
	"requested_on" date NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"outcome" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_requests_checker_not_maker" CHECK ("approval_requests"."decided_by" is null or "approval_requests"."decided_by" <> "approval_requests"."requested_by"),
	CONSTRAINT "approval_requests_adjustment_shape" CHECK ("approval_requests"."kind" <> 'ledger_adjustment' or ("approval_requests"."debit_ledger_account_id" is not null and "approval_requests"."credit_ledger_account_id" is not null and "approval_requests"."amount" > 0 and "approval_requests"."debit_ledger_account_id" <> "approval_requests"."credit_ledger_account_id")),
	CONSTRAINT "approval_requests_write_off_shape" CHECK ("approval_requests"."kind" <> 'write_off' or "approval_requests"."account_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "collection_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"outcome" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"time_zone" text NOT NULL,
	"contacted_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_change_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"type_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"extra_months" integer NOT NULL,
	"daily_rate_ppm" integer,
	"reason" text NOT NULL,
	"flow_progress_id" uuid,
	"requested_on" date NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"new_application_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_change_requests_extra_months" CHECK ("loan_change_requests"."extra_months" between 1 and 24)
);
--> statement-breakpoint
CREATE TABLE "promises_to_pay" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"made_on" date NOT NULL,
	"promised_on" date NOT NULL,
	"amount" bigint NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promises_to_pay_amount_positive" CHECK ("promises_to_pay"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_debit_ledger_account_id_ledger_accounts_id_fk" FOREIGN KEY ("debit_ledger_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_credit_ledger_account_id_ledger_accounts_id_fk" FOREIGN KEY ("credit_ledger_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_requested_by_customers_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_decided_by_customers_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_contacts" ADD CONSTRAINT "collection_contacts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_contacts" ADD CONSTRAINT "collection_contacts_staff_id_customers_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_change_requests" ADD CONSTRAINT "loan_change_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_change_requests" ADD CONSTRAINT "loan_change_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_change_requests" ADD CONSTRAINT "loan_change_requests_decided_by_customers_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_change_requests" ADD CONSTRAINT "loan_change_requests_new_application_id_account_applications_id_fk" FOREIGN KEY ("new_application_id") REFERENCES "public"."account_applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promises_to_pay" ADD CONSTRAINT "promises_to_pay_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promises_to_pay" ADD CONSTRAINT "promises_to_pay_staff_id_customers_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_requests_status" ON "approval_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_requests_one_pending_write_off" ON "approval_requests" USING btree ("account_id") WHERE "approval_requests"."kind" = 'write_off' and "approval_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "collection_contacts_account" ON "collection_contacts" USING btree ("account_id","contacted_at");--> statement-breakpoint
CREATE INDEX "loan_change_requests_status" ON "loan_change_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_change_requests_one_pending" ON "loan_change_requests" USING btree ("account_id") WHERE "loan_change_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "promises_to_pay_account" ON "promises_to_pay" USING btree ("account_id","promised_on");