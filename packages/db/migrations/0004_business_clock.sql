CREATE TABLE "business_clock" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"offset_days" integer DEFAULT 0 NOT NULL,
	"moved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_clock_one_row" CHECK ("business_clock"."id" = 1),
	CONSTRAINT "business_clock_forward" CHECK ("business_clock"."offset_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"job_name" text NOT NULL,
	"occurrence" text NOT NULL,
	"business_date" date NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_runs_job_name_occurrence_pk" PRIMARY KEY("job_name","occurrence")
);
