CREATE TABLE "disbursals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_application_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payout" bigint NOT NULL,
	"upfront_fee" bigint NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"bank_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disbursals_amounts" CHECK ("disbursals"."payout" > 0 and "disbursals"."upfront_fee" >= 0),
	CONSTRAINT "disbursals_paid_has_reference" CHECK ("disbursals"."status" <> 'succeeded' or "disbursals"."bank_reference" is not null)
);
--> statement-breakpoint
CREATE TABLE "sandbox_bank_transfers" (
	"reference" text PRIMARY KEY NOT NULL,
	"amount" bigint NOT NULL,
	"bank_code" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"calls" integer DEFAULT 1 NOT NULL,
	"paid_reference" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_applications" ADD COLUMN "funded_on" date;--> statement-breakpoint
ALTER TABLE "disbursals" ADD CONSTRAINT "disbursals_account_application_id_account_applications_id_fk" FOREIGN KEY ("account_application_id") REFERENCES "public"."account_applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "disbursals_application" ON "disbursals" USING btree ("account_application_id");--> statement-breakpoint
CREATE INDEX "disbursals_due" ON "disbursals" USING btree ("next_attempt_at") WHERE "disbursals"."status" = 'pending';--> statement-breakpoint
-- Applications funded before funded_on existed: the Jakarta date of their move to waiting_for_deadline.
UPDATE "account_applications" a SET "funded_on" = (
	SELECT max(s."created_at" AT TIME ZONE 'Asia/Jakarta')::date FROM "status_transitions" s
	WHERE s."subject_type" = 'account_application' AND s."subject_id" = a."id" AND s."to_status" = 'waiting_for_deadline'
) WHERE a."status" = 'waiting_for_deadline' AND a."funded_on" IS NULL;
