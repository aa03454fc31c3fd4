CREATE TABLE "insurer_remittances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"period" text NOT NULL,
	"business_date" date NOT NULL,
	"amount" bigint NOT NULL,
	"insurer_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurer_remittances_period" UNIQUE("period"),
	CONSTRAINT "insurer_remittances_amount" CHECK ("insurer_remittances"."amount" >= 0)
);
