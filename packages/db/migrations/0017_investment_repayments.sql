CREATE TABLE "investment_repayments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"investment_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"business_date" date NOT NULL,
	"principal" bigint NOT NULL,
	"interest" bigint NOT NULL,
	"platform_fee" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"insurance_premium" bigint DEFAULT 0 NOT NULL,
	"late_fee" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investment_repayments_parts" CHECK (least("investment_repayments"."principal", "investment_repayments"."interest", "investment_repayments"."platform_fee", "investment_repayments"."tax", "investment_repayments"."insurance_premium", "investment_repayments"."late_fee") >= 0)
);
--> statement-breakpoint
ALTER TABLE "investment_repayments" ADD CONSTRAINT "investment_repayments_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_repayments" ADD CONSTRAINT "investment_repayments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "investment_repayments_payment_investment" ON "investment_repayments" USING btree ("payment_id","investment_id");--> statement-breakpoint
CREATE INDEX "investment_repayments_investment" ON "investment_repayments" USING btree ("investment_id","business_date");