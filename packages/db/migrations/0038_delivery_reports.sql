ALTER TABLE "deliveries" ADD COLUMN "report_status" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "reported_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "deliveries_provider_message_idx" ON "deliveries" USING btree ("provider","provider_message_id");