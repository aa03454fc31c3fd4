ALTER TABLE "account_applications" ADD COLUMN "approved_on" date;--> statement-breakpoint
-- Applications approved before the column: the Jakarta date of their latest move to waiting_for_investment.
UPDATE "account_applications" AS a SET "approved_on" = (
  SELECT (max(s.created_at) AT TIME ZONE 'Asia/Jakarta')::date FROM "status_transitions" s
  WHERE s.subject_type = 'account_application' AND s.subject_id = a.id AND s.to_status = 'waiting_for_investment'
);
