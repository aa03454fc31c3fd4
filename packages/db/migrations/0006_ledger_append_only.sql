-- Decision 0009: the ledger is append-only. A transfer is never updated or deleted (a correction
-- is a new transfer; posting or voiding a pending one is a new row). A ledger account is never
-- deleted, and only its four totals may change (by the ledger service, with each transfer).
CREATE FUNCTION ledger_refuse_transfer_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_transfers is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_append_only BEFORE UPDATE OR DELETE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_transfer_change();
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_no_truncate BEFORE TRUNCATE ON ledger_transfers
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_transfer_change();
--> statement-breakpoint
CREATE FUNCTION ledger_guard_account_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'UPDATE' THEN
    RAISE EXCEPTION 'ledger_accounts are never removed: % refused', TG_OP USING ERRCODE = 'restrict_violation';
  END IF;
  IF (NEW.id, NEW.kind, NEW.customer_id, NEW.account_id, NEW.investment_id, NEW.virtual_account, NEW.currency,
      NEW.debits_must_not_exceed_credits, NEW.credits_must_not_exceed_debits, NEW.created_at)
     IS DISTINCT FROM
     (OLD.id, OLD.kind, OLD.customer_id, OLD.account_id, OLD.investment_id, OLD.virtual_account, OLD.currency,
      OLD.debits_must_not_exceed_credits, OLD.credits_must_not_exceed_debits, OLD.created_at) THEN
    RAISE EXCEPTION 'ledger_accounts: only the totals change, through transfers' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_guard BEFORE UPDATE OR DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_guard_account_change();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_no_truncate BEFORE TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_guard_account_change();
