CREATE SEQUENCE "public"."virtual_account_customer_number" INCREMENT BY 1 MINVALUE 1 MAXVALUE 99999999 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"account_application_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"due_on" date NOT NULL,
	"principal" bigint NOT NULL,
	"interest" bigint NOT NULL,
	"total" bigint NOT NULL,
	"late_fee" bigint DEFAULT 0 NOT NULL,
	"paid_principal" bigint DEFAULT 0 NOT NULL,
	"paid_interest" bigint DEFAULT 0 NOT NULL,
	"paid_late_fee" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"paid_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "virtual_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_account_application_id_account_applications_id_fk" FOREIGN KEY ("account_application_id") REFERENCES "public"."account_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD CONSTRAINT "virtual_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_application_number" ON "invoices" USING btree ("account_application_id","number");--> statement-breakpoint
CREATE INDEX "invoices_account_due" ON "invoices" USING btree ("account_id","due_on");--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_accounts_channel_number" ON "virtual_accounts" USING btree ("channel","number");--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_accounts_account_channel" ON "virtual_accounts" USING btree ("account_id","channel");