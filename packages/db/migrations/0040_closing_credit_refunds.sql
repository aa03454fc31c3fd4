ALTER TABLE "payment_reconciliations" ALTER COLUMN "staff_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "next_attempt_at" timestamp with time zone;