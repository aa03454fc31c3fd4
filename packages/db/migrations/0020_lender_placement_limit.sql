-- Decision 0022: the OJK placement limit of a lender, checked by funding_invest on every
-- investment (manual or automatic).
--
-- lender_placement_limit: floor(annual income × 10 %) up to Rp500 million of income a year,
-- floor(× 20 %) above: packages/domain/src/lender-limits.ts `placementLimit`, the same integer
-- arithmetic; lender-limits-sql.test.ts checks the two agree at every boundary.
CREATE FUNCTION lender_placement_limit(p_annual_income bigint) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT (p_annual_income / 1000000) * s + ((p_annual_income % 1000000) * s) / 1000000
  FROM (SELECT CASE WHEN p_annual_income <= 500000000 THEN 100000 ELSE 200000 END::bigint AS s) share
$$;
--> statement-breakpoint
-- What a lender has placed now: the principal their shares of loans still hold, pending
-- reservations included (credits posted + pending − debits posted of every lender_investment
-- ledger account of the customer). Repaid principal, voided reservations and written-off
-- shares no longer count. Read through the ledger_accounts_owner index (kind, customer_id, …).
CREATE FUNCTION lender_placed_amount(p_customer_id uuid) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(a.credits_posted + a.credits_pending - a.debits_posted), 0)::bigint
  FROM ledger_accounts a WHERE a.kind = 'lender_investment' AND a.customer_id = p_customer_id
$$;
--> statement-breakpoint
-- funding_invest (migration 0014, decision 0019) with one check more, after the amount fits what
-- remains and before the lender's funds: the lender must be registered (a lender_profiles row,
-- else SQLSTATE PJ002 'lender_profile_missing') and the amount must fit the placement limit
-- (else PJ002 'above_placement_limit:<headroom in rupiah>'). Raised, not an outcome: the OUT
-- columns stay as they were, and the statement fails with nothing written (a caller inside a
-- transaction invests in a savepoint). Everything else is unchanged. Lock order: the application
-- row, then the lender's profile row, then the lender's funds account.
CREATE OR REPLACE FUNCTION funding_invest(
  p_customer_id uuid, p_investment_account_id uuid, p_application_id uuid, p_amount bigint, p_idempotency_key text,
  p_business_date date, p_amount_problem text, p_share_debits_limit boolean, p_share_credits_limit boolean, p_funded_status text,
  OUT outcome text, OUT investment_id uuid, OUT investment_status text, OUT reservation_transfer_id uuid,
  OUT investment_created_at timestamptz, OUT application_amount bigint, OUT funded bigint
) LANGUAGE plpgsql AS $$
DECLARE
  v_status text;
  v_loan_account uuid;
  v_earlier investments%ROWTYPE;
  v_funds uuid;
  v_share uuid;
  v_income bigint;
  v_headroom bigint;
BEGIN
  PERFORM 1 FROM accounts a WHERE a.id = p_investment_account_id AND a.customer_id = p_customer_id AND a.type_key = 'investment';
  IF NOT FOUND THEN
    outcome := 'account_not_found';
    RETURN;
  END IF;
  SELECT a.status, a.amount, a.account_id INTO v_status, application_amount, v_loan_account
  FROM account_applications a WHERE a.id = p_application_id FOR UPDATE;
  IF NOT FOUND THEN
    outcome := 'application_not_found';
    RETURN;
  END IF;

  SELECT * INTO v_earlier FROM investments i WHERE i.investment_account_id = p_investment_account_id AND i.idempotency_key = p_idempotency_key;
  IF FOUND THEN
    IF v_earlier.account_application_id <> p_application_id OR v_earlier.amount <> p_amount THEN
      outcome := 'key_reused';
      RETURN;
    END IF;
    outcome := 'replayed';
    investment_id := v_earlier.id;
    investment_status := v_earlier.status;
    reservation_transfer_id := v_earlier.reservation_transfer_id;
    investment_created_at := v_earlier.created_at;
    funded := application_funded_amount(p_application_id);
    RETURN;
  END IF;

  IF v_status <> 'waiting_for_investment' THEN
    outcome := 'application_not_open';
    RETURN;
  END IF;
  funded := application_funded_amount(p_application_id);
  IF p_amount_problem IS NOT NULL THEN
    outcome := p_amount_problem;
    RETURN;
  END IF;
  IF p_amount > greatest(application_amount - funded, 0) THEN
    outcome := 'above_remaining';
    RETURN;
  END IF;
  -- Decision 0022: the lender's OJK placement limit. The profile row is locked so that two
  -- investments of one lender (in different applications) queue here; the placed sum is read by
  -- the next statement, with a fresh snapshot that sees whatever the previous holder committed.
  SELECT l.annual_income INTO v_income FROM lender_profiles l WHERE l.customer_id = p_customer_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'lender_profile_missing' USING ERRCODE = 'PJ002';
  END IF;
  v_headroom := lender_placement_limit(v_income) - lender_placed_amount(p_customer_id);
  IF p_amount > v_headroom THEN
    RAISE EXCEPTION 'above_placement_limit:%', greatest(v_headroom, 0) USING ERRCODE = 'PJ002';
  END IF;
  SELECT f.id INTO v_funds FROM ledger_accounts f
  WHERE f.kind = 'lender_funds' AND f.customer_id = p_customer_id AND f.account_id = p_investment_account_id
    AND f.investment_id IS NULL AND f.virtual_account IS NULL;
  IF NOT FOUND THEN
    outcome := 'insufficient_funds';
    RETURN;
  END IF;

  BEGIN
    INSERT INTO investments AS i (investment_account_id, customer_id, account_application_id, amount, status, idempotency_key)
    VALUES (p_investment_account_id, p_customer_id, p_application_id, p_amount, 'pending', p_idempotency_key)
    RETURNING i.id, i.status, i.created_at INTO investment_id, investment_status, investment_created_at;
    INSERT INTO ledger_accounts AS s (kind, customer_id, account_id, investment_id, debits_must_not_exceed_credits, credits_must_not_exceed_debits)
    VALUES ('lender_investment', p_customer_id, v_loan_account, investment_id, p_share_debits_limit, p_share_credits_limit)
    RETURNING s.id INTO v_share;
    SELECT r.transfer_id INTO reservation_transfer_id
    FROM ledger_post_transfer(NULL, 'reservation:' || investment_id, 'pending', 'reservation', v_funds, v_share, p_amount, NULL,
                              p_business_date, 'investment:' || investment_id, 0, p_amount) r;
    IF reservation_transfer_id IS NULL THEN
      RAISE EXCEPTION 'reservation:% already stored', investment_id;
    END IF;
    UPDATE investments AS i SET reservation_transfer_id = funding_invest.reservation_transfer_id WHERE i.id = investment_id;
    INSERT INTO status_transitions (subject_type, subject_id, from_status, to_status, event, actor_kind, actor_id, reason)
    VALUES ('investment', investment_id, NULL, 'pending', 'invest', 'customer', p_customer_id, NULL);
    IF funded + p_amount = application_amount THEN
      UPDATE account_applications AS a SET status = p_funded_status, funded_on = p_business_date WHERE a.id = p_application_id;
      INSERT INTO status_transitions (subject_type, subject_id, from_status, to_status, event, actor_kind, actor_id, reason)
      VALUES ('account_application', p_application_id, v_status, p_funded_status, 'fund', 'system', NULL, 'fully funded');
    END IF;
  EXCEPTION WHEN SQLSTATE 'PJ001' THEN
    IF SQLERRM <> 'exceeds_credits' THEN
      RAISE;
    END IF;
    outcome := 'insufficient_funds';
    investment_id := NULL;
    investment_status := NULL;
    reservation_transfer_id := NULL;
    investment_created_at := NULL;
    RETURN;
  END;
  outcome := 'created';
  funded := funded + p_amount;
END $$;
