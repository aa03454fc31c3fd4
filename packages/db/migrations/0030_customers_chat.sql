CREATE TABLE "customer_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"blocked_by" uuid,
	"blocked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unblock_reason" text,
	"unblocked_by" uuid,
	"unblocked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "personal_data_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"support_request_id" integer NOT NULL,
	"staff_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_requests" ADD COLUMN "access_token_hash" text;--> statement-breakpoint
ALTER TABLE "support_requests" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_blocks" ADD CONSTRAINT "customer_blocks_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_blocks" ADD CONSTRAINT "customer_blocks_blocked_by_customers_id_fk" FOREIGN KEY ("blocked_by") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_blocks" ADD CONSTRAINT "customer_blocks_unblocked_by_customers_id_fk" FOREIGN KEY ("unblocked_by") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_data_requests" ADD CONSTRAINT "personal_data_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_answers" ADD CONSTRAINT "support_answers_support_request_id_support_requests_id_fk" FOREIGN KEY ("support_request_id") REFERENCES "public"."support_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_answers" ADD CONSTRAINT "support_answers_staff_id_customers_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_blocks_customer" ON "customer_blocks" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_blocks_active" ON "customer_blocks" USING btree ("customer_id") WHERE "customer_blocks"."unblocked_at" is null;--> statement-breakpoint
CREATE INDEX "personal_data_requests_customer" ON "personal_data_requests" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "support_answers_request" ON "support_answers" USING btree ("support_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "support_requests_access_token" ON "support_requests" USING btree ("access_token_hash");