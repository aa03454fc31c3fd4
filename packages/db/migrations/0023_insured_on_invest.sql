-- Decision 0024: each new investment is insured when its investment account's automatic
-- insurance is on at that moment. A trigger, so funding_invest (migration 0014) and anything else
-- that inserts an investment need no change; the row's value is never changed afterwards.
CREATE FUNCTION investments_set_insured() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.insured := coalesce(
    (SELECT s.automatic_insurance_investor FROM investment_insurance_settings s WHERE s.investment_account_id = NEW.investment_account_id),
    false);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER investments_insured BEFORE INSERT ON investments
  FOR EACH ROW EXECUTE FUNCTION investments_set_insured();
--> statement-breakpoint
-- A claim is a financial record: stored once, never changed or removed.
CREATE FUNCTION insurance_claims_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'insurance_claims are append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER insurance_claims_append_only BEFORE UPDATE OR DELETE ON insurance_claims
  FOR EACH ROW EXECUTE FUNCTION insurance_claims_refuse_change();
