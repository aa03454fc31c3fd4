CREATE TABLE "promise_reminders" (
	"promise_id" uuid PRIMARY KEY NOT NULL,
	"local_date" date NOT NULL,
	"time_zone" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "promise_reminders" ADD CONSTRAINT "promise_reminders_promise_id_promises_to_pay_id_fk" FOREIGN KEY ("promise_id") REFERENCES "public"."promises_to_pay"("id") ON DELETE restrict ON UPDATE no action;