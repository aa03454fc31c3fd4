CREATE TABLE "application_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_application_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"risk_grade" text,
	"rules" jsonb NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_transitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"event" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" uuid,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_applications" ADD COLUMN "risk_grade" text;--> statement-breakpoint
ALTER TABLE "account_applications" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "application_decisions" ADD CONSTRAINT "application_decisions_account_application_id_account_applications_id_fk" FOREIGN KEY ("account_application_id") REFERENCES "public"."account_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_decisions_application" ON "application_decisions" USING btree ("account_application_id");--> statement-breakpoint
CREATE INDEX "status_transitions_subject" ON "status_transitions" USING btree ("subject_type","subject_id","created_at");