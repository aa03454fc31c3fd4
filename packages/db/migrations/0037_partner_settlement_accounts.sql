ALTER TABLE "disbursals" ADD COLUMN "payee_kind" text;--> statement-breakpoint
ALTER TABLE "disbursals" ADD COLUMN "payee_name" text;--> statement-breakpoint
ALTER TABLE "disbursals" ADD COLUMN "payee_bank_code" text;--> statement-breakpoint
ALTER TABLE "disbursals" ADD COLUMN "payee_account_number" text;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "settlement_bank_code" text;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "settlement_account_number" text;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "settlement_account_name" text;--> statement-breakpoint
CREATE INDEX "purchases_application" ON "purchases" USING btree ("account_application_id");--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_settlement_account_whole" CHECK (("partners"."settlement_bank_code" is null) = ("partners"."settlement_account_number" is null) and ("partners"."settlement_bank_code" is null) = ("partners"."settlement_account_name" is null));