import type { ApprovalRequest } from "@pinjaman/contracts/staff-approvals";
import { formatDate } from "@pinjaman/domain/dates";
import { formatRupiah } from "@pinjaman/domain/money";
import { parseRupiah } from "@pinjaman/domain/money-input";
import { t } from "@pinjaman/i18n";
import { useId, useState } from "react";
import { LoadedList } from "../../shell/loaded-list.tsx";
import { useLoaded } from "../../shell/use-loaded.ts";
import { backOfficeLoansApi, type ApprovalKind, type BackOfficeLoansApi, type StaffLedgerAccount } from "./back-office-loans-api.ts";
import { DecidedBy, decidedStatus, DecisionDialog, FormDialog } from "./decision-dialog.tsx";
import { WriteOffFigures } from "./write-off-figures.tsx";
import "@pinjaman/i18n/ns/back-office-loans";
import "./back-office-loans.css";

/**
 * /back-office/approvals: the maker-checker queue. Anyone with the request permission asks (a
 * write-off from the loan's collection case, where its figures are shown first); a pending request
 * shows a decide button only to someone else holding the approve permission (the server refuses
 * the maker anyway), and the decision dialog shows what a write-off takes off.
 */
export function ApprovalsPage({
  staffId,
  permissions,
  api = backOfficeLoansApi,
}: {
  staffId: string;
  permissions: readonly string[];
  api?: BackOfficeLoansApi;
}) {
  return (
    <div className="bo-loans">
      <h1>{t("back-office-loans.approvals.title")}</h1>
      <p>{t("back-office-loans.approvals.intro")}</p>
      {permissions.includes("write_offs.request") && (
        <Queue kind="write_off" staffId={staffId} canApprove={permissions.includes("write_offs.approve")} api={api} />
      )}
      {permissions.includes("ledger_adjustments.request") && (
        <Queue kind="ledger_adjustment" staffId={staffId} canApprove={permissions.includes("ledger_adjustments.approve")} api={api} />
      )}
    </div>
  );
}

function Queue({ kind, staffId, canApprove, api }: { kind: ApprovalKind; staffId: string; canApprove: boolean; api: BackOfficeLoansApi }) {
  const headingId = useId();
  const [loaded, reload] = useLoaded(kind, () => api.approvalRequests(kind));
  const [deciding, setDeciding] = useState<ApprovalRequest | null>(null);
  const [creating, setCreating] = useState(false);
  const [message, setMessage] = useState("");
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{t(kind === "write_off" ? "back-office-loans.approvals.write_offs" : "back-office-loans.approvals.adjustments")}</h2>
      {kind === "write_off" ? (
        <p>{t("back-office-loans.approvals.write_off_from_loan")}</p>
      ) : (
        <button type="button" onClick={() => setCreating(true)}>
          {t("back-office-loans.approvals.new_adjustment")}
        </button>
      )}
      <p role="status" aria-live="polite">
        {message}
      </p>
      <LoadedList loaded={loaded} empty={t("back-office-loans.common.empty")}>
        {(items) => (
          <ul className="bo-loans__list">
            {items.map((r) => (
              <li key={r.id} className="bo-loans__card">
                <strong>
                  {t(`back-office-loans.approvals.status.${r.status}`)} ·{" "}
                  {r.kind === "write_off" ? r.borrower_name : `${r.debit_ledger_account?.kind} → ${r.credit_ledger_account?.kind}`}
                </strong>
                <dl>
                  {r.amount !== null && (
                    <>
                      <dt>{t("back-office-loans.approvals.amount")}</dt>
                      <dd>{formatRupiah(r.amount)}</dd>
                    </>
                  )}
                  {r.days_past_due !== null && (
                    <>
                      <dt>{t("back-office-loans.collections.dpd")}</dt>
                      <dd>{t("back-office-loans.common.days", { days: r.days_past_due })}</dd>
                    </>
                  )}
                  <dt>{t("back-office-loans.common.reason")}</dt>
                  <dd>{r.reason}</dd>
                </dl>
                <p>{t("back-office-loans.approvals.requested_by", { name: r.requested_by.name, date: formatDate(r.requested_on) })}</p>
                <DecidedBy request={r} />
                {r.status === "pending" &&
                  (r.requested_by.id === staffId ? (
                    <p>{t("back-office-loans.approvals.own")}</p>
                  ) : (
                    canApprove && (
                      <button type="button" onClick={() => setDeciding(r)}>
                        {t("back-office-loans.approvals.decide_title")}
                      </button>
                    )
                  ))}
              </li>
            ))}
          </ul>
        )}
      </LoadedList>
      {deciding && (
        <DecisionDialog
          title={t("back-office-loans.approvals.decide_title")}
          onClose={() => setDeciding(null)}
          onDecide={async (decision) => {
            await api.decideApproval(kind, deciding.id, decision);
            setMessage(t(`back-office-loans.approvals.status.${decidedStatus(decision)}`));
            reload();
          }}
        >
          <p>{deciding.reason}</p>
          {deciding.write_off && <WriteOffFigures figures={deciding.write_off} />}
        </DecisionDialog>
      )}
      {creating && (
        <AdjustmentDialog
          api={api}
          onClose={() => setCreating(false)}
          onSave={async (body) => {
            await api.requestAdjustment(body);
            setMessage(t("back-office-loans.approvals.submitted"));
            reload();
          }}
        />
      )}
    </section>
  );
}

function AdjustmentDialog({
  api,
  onSave,
  onClose,
}: {
  api: BackOfficeLoansApi;
  onSave: (body: { debit_ledger_account_id: string; credit_ledger_account_id: string; amount: number; reason: string }) => Promise<void>;
  onClose: () => void;
}) {
  const ids = { account: useId(), debit: useId(), credit: useId(), amount: useId(), reason: useId(), hint: useId() };
  const [accountId, setAccountId] = useState("");
  const [accounts, setAccounts] = useState<StaffLedgerAccount[]>([]);
  const [debit, setDebit] = useState("");
  const [credit, setCredit] = useState("");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  async function load() {
    const found = await api.ledgerAccounts(accountId.trim() || null);
    setAccounts(found);
    setDebit(found[0]?.id ?? "");
    setCredit(found[1]?.id ?? "");
  }
  const label = (a: StaffLedgerAccount) => `${a.kind} (${formatRupiah(a.balance)})`;
  return (
    <FormDialog
      title={t("back-office-loans.approvals.new_adjustment")}
      onClose={onClose}
      onSubmit={async () => {
        const parsed = parseRupiah(amount);
        if (!parsed.ok) throw new Error(parsed.error);
        await onSave({ debit_ledger_account_id: debit, credit_ledger_account_id: credit, amount: parsed.value, reason });
      }}
    >
      <label htmlFor={ids.account}>{t("back-office-loans.approvals.account_id")}</label>
      <input id={ids.account} value={accountId} onChange={(e) => setAccountId(e.target.value)} aria-describedby={ids.hint} autoComplete="off" />
      <p id={ids.hint}>{t("back-office-loans.approvals.platform_accounts")}</p>
      <button type="button" onClick={() => void load()}>
        {t("back-office-loans.approvals.load_accounts")}
      </button>
      <label htmlFor={ids.debit}>{t("back-office-loans.approvals.debit")}</label>
      <select id={ids.debit} value={debit} onChange={(e) => setDebit(e.target.value)} required>
        {accounts.map((a) => (
          <option key={a.id} value={a.id}>
            {label(a)}
          </option>
        ))}
      </select>
      <label htmlFor={ids.credit}>{t("back-office-loans.approvals.credit")}</label>
      <select id={ids.credit} value={credit} onChange={(e) => setCredit(e.target.value)} required>
        {accounts.map((a) => (
          <option key={a.id} value={a.id}>
            {label(a)}
          </option>
        ))}
      </select>
      <label htmlFor={ids.amount}>{t("back-office-loans.approvals.amount")}</label>
      <input id={ids.amount} inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value)} required />
      <label htmlFor={ids.reason}>{t("back-office-loans.common.reason")}</label>
      <textarea id={ids.reason} value={reason} onChange={(e) => setReason(e.target.value)} required minLength={3} rows={3} />
    </FormDialog>
  );
}
