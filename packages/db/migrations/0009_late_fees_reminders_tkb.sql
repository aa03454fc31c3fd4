CREATE TABLE "invoice_reminders" (
	"invoice_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"local_date" date NOT NULL,
	"time_zone" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoice_reminders_invoice_id_kind_pk" PRIMARY KEY("invoice_id","kind")
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "late_fee_accrued_through" date;--> statement-breakpoint
ALTER TABLE "tkb_snapshots" ADD COLUMN "as_of" date;--> statement-breakpoint
ALTER TABLE "tkb_snapshots" ADD COLUMN "outstanding_principal" bigint;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_open_due" ON "invoices" USING btree ("due_on") WHERE "invoices"."status" = 'open';