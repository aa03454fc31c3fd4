-- Decision 0019: an investment in one round trip. Three functions, each the only copy of what it does.
--
-- ledger_post_transfer: posts one transfer (decision 0009). The ledger service's createTransfers
-- calls it for every transfer of a batch (after locking the batch's accounts in id order and
-- resolving pending transfers in TypeScript), and funding_invest calls it for a reservation.
-- Inserts the transfer under its idempotency key, then adds the totals' change (posted, pending;
-- the caller's deltaOf) to the debit side and to the credit side, each in one conditional UPDATE
-- whose WHERE holds the side's balance limit: PostgreSQL re-evaluates it on the row it writes
-- after waiting for a concurrent writer, so two reservations can never both see the same money.
-- Answers the new transfer's id and creation time; no row when the key (or the pending transfer's
-- resolution) is already stored, the caller then compares the stored transfer. A limit refused
-- raises SQLSTATE PJ001 with the refusal code as message (exceeds_credits, exceeds_debits): the
-- statement fails, so nothing of it stays. Both accounts must exist (the callers make sure).
CREATE FUNCTION ledger_post_transfer(
  p_id uuid, p_idempotency_key text, p_mode text, p_code text, p_debit_account_id uuid, p_credit_account_id uuid,
  p_amount bigint, p_pending_id uuid, p_business_date date, p_reference text, p_delta_posted bigint, p_delta_pending bigint,
  OUT transfer_id uuid, OUT transfer_created_at timestamptz
) RETURNS SETOF record LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_transfers AS t (id, idempotency_key, mode, code, debit_account_id, credit_account_id, amount, pending_id, business_date, reference)
  VALUES (coalesce(p_id, gen_random_uuid()), p_idempotency_key, p_mode, p_code, p_debit_account_id, p_credit_account_id, p_amount, p_pending_id, p_business_date, p_reference)
  ON CONFLICT DO NOTHING
  RETURNING t.id, t.created_at INTO transfer_id, transfer_created_at;
  IF transfer_id IS NULL THEN
    RETURN;
  END IF;
  UPDATE ledger_accounts AS a
  SET debits_posted = a.debits_posted + p_delta_posted, debits_pending = a.debits_pending + p_delta_pending
  WHERE a.id = p_debit_account_id
    AND (NOT a.debits_must_not_exceed_credits OR a.debits_posted + a.debits_pending + p_delta_posted + p_delta_pending <= a.credits_posted);
  IF NOT FOUND THEN
    RAISE EXCEPTION 'exceeds_credits' USING ERRCODE = 'PJ001';
  END IF;
  UPDATE ledger_accounts AS a
  SET credits_posted = a.credits_posted + p_delta_posted, credits_pending = a.credits_pending + p_delta_pending
  WHERE a.id = p_credit_account_id
    AND (NOT a.credits_must_not_exceed_debits OR a.credits_posted + a.credits_pending + p_delta_posted + p_delta_pending <= a.debits_posted);
  IF NOT FOUND THEN
    RAISE EXCEPTION 'exceeds_debits' USING ERRCODE = 'PJ001';
  END IF;
  RETURN NEXT;
END $$;
--> statement-breakpoint
-- What an application's pending and settled investments hold (canceled ones hold nothing): the
-- funding endpoint, the search of open applications and funding_invest all ask this one function.
CREATE FUNCTION application_funded_amount(p_application_id uuid) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(i.amount), 0)::bigint FROM investments i
  WHERE i.account_application_id = p_application_id AND i.status IN ('pending', 'settled')
$$;
--> statement-breakpoint
-- A lender invests (decision 0014, in one statement since decision 0019; the service is
-- apps/api/src/modules/funding/investment-service.ts `invest`). In order, each refusal answered as
-- `outcome` with nothing written: the investment account must be the customer's
-- (account_not_found); the application row is locked FOR UPDATE (application_not_found), so
-- investments in it queue here; the same key on the account answers the stored investment
-- (replayed) or, for another application or amount, key_reused; the application must wait for
-- investment (application_not_open); the amount rules that need no state come checked from the
-- domain (p_amount_problem); the amount must not exceed what remains (above_remaining); the lender
-- must have funds (insufficient_funds). Then the investment is inserted `pending`, its share
-- account opened (flags from the domain), its amount reserved by a pending transfer lender_funds →
-- lender_investment through ledger_post_transfer (key reservation:<id>; the ledger's limit refuses
-- more than the available balance: insufficient_funds, the block's writes rolled back), the
-- transition recorded, and the investment that completes the amount moves the application `fund`
-- (→ p_funded_status, actor system) with `funded_on`. Outcome `created` or `replayed` carries the
-- investment and the application's amount and funded sum.
--
-- Why one function: the application's lock is held from here to the commit, and every statement
-- that used to be a round trip from the server is now a statement inside the database. Each
-- statement of this VOLATILE function takes a fresh snapshot (READ COMMITTED), so the funded sum
-- read after the lock sees every investment committed by whoever held the lock before; a single
-- SQL statement (a CTE) would read with its starting snapshot and could over-fund.
CREATE FUNCTION funding_invest(
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
