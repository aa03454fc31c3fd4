import type { LoanChangeRequest } from "@pinjaman/contracts/loan-changes";
import { formatDate } from "@pinjaman/domain/dates";
import { describeLoanChange } from "@pinjaman/domain/loan-changes";
import { formatDailyRate, formatRupiah } from "@pinjaman/domain/money";
import { t } from "@pinjaman/i18n";
import { useState } from "react";
import { ScrollTable } from "../../shell/scroll-table.tsx";
import { LoadedList } from "../../shell/loaded-list.tsx";
import { useLoaded } from "../../shell/use-loaded.ts";
import { backOfficeLoansApi, type BackOfficeLoansApi } from "./back-office-loans-api.ts";
import { DecidedBy, decidedStatus, DecisionDialog } from "./decision-dialog.tsx";
import "@pinjaman/i18n/ns/back-office-loans";
import "./back-office-loans.css";

type Proposal = NonNullable<LoanChangeRequest["proposal"]>;

/** The change in words ("tenor +2 bulan, jatuh tempo 8 Agu 2026 → 8 Okt 2026"), as the lenders' notice says it. */
function changeText(effect: Proposal["effect"]): string {
  return describeLoanChange({
    extraMonths: effect.extra_months,
    maturityFrom: effect.maturity_from,
    maturityTo: effect.maturity_to,
    rateFromPpm: effect.rate_from_ppm,
    rateToPpm: effect.rate_to_ppm,
    waivedLateFees: effect.waived_late_fees,
  });
}

/**
 * /back-office/loan-changes: borrowers' reschedule and restructure requests with the terms approval
 * gives and what they change. A change that moves lenders' money, once approved, waits for a second
 * staff member (issue 17 §5): only someone else holding loan_changes.approve is offered that decision.
 */
export function LoanChangesPage({ staffId, permissions, api = backOfficeLoansApi }: { staffId: string; permissions: readonly string[]; api?: BackOfficeLoansApi }) {
  const [loaded, reload] = useLoaded("loan-changes", () => api.loanChanges());
  const [deciding, setDeciding] = useState<LoanChangeRequest | null>(null);
  const [approving, setApproving] = useState<LoanChangeRequest | null>(null);
  const [message, setMessage] = useState("");
  return (
    <div className="bo-loans">
      <h1>{t("back-office-loans.loan_changes.title")}</h1>
      <p>{t("back-office-loans.loan_changes.intro")}</p>
      <p role="status" aria-live="polite">
        {message}
      </p>
      <LoadedList loaded={loaded} empty={t("back-office-loans.common.empty")}>
        {(items) => (
          <ul className="bo-loans__list">
            {items.map((r) => (
              <li key={r.id} className="bo-loans__card">
                <h2>
                  {r.borrower_name} · {t(`back-office-loans.loan_changes.type.${r.type_key}`)} · {t(`back-office-loans.loan_changes.status.${r.status}`)}
                </h2>
                <p>{t("back-office-loans.loan_changes.extra_months", { months: r.extra_months })}</p>
                {r.requested_daily_rate_ppm !== null && (
                  <p>{t("back-office-loans.loan_changes.requested_rate", { rate: formatDailyRate(r.requested_daily_rate_ppm) })}</p>
                )}
                <p>{r.reason}</p>
                {r.current && (
                  <p>
                    {t("back-office-loans.loan_changes.current", {
                      term: r.current.term,
                      rate: formatDailyRate(r.current.daily_rate_ppm),
                      maturity: r.current.maturity_on ? formatDate(r.current.maturity_on) : "-",
                      principal: formatRupiah(r.current.outstanding_principal),
                    })}
                  </p>
                )}
                <Proposal request={r} />
                <DecidedBy request={r} />
                {r.status === "pending" &&
                  (r.approval?.status === "pending" ? (
                    <>
                      <p>{t("back-office-loans.loan_changes.second_approval.pending", { name: r.approval.requested_by.name, date: formatDate(r.approval.requested_on) })}</p>
                      {r.approval.requested_by.id === staffId ? (
                        <p>{t("back-office-loans.loan_changes.second_approval.own")}</p>
                      ) : (
                        permissions.includes("loan_changes.approve") && (
                          <button type="button" onClick={() => setApproving(r)}>
                            {t("back-office-loans.loan_changes.second_approval.decide")}
                          </button>
                        )
                      )}
                    </>
                  ) : (
                    <button type="button" onClick={() => setDeciding(r)}>
                      {t("back-office-loans.loan_changes.decide_title")}
                    </button>
                  ))}
              </li>
            ))}
          </ul>
        )}
      </LoadedList>
      {deciding && (
        <DecisionDialog
          title={t("back-office-loans.loan_changes.decide_title")}
          onClose={() => setDeciding(null)}
          onDecide={async (decision) => {
            await api.decideLoanChange(deciding.id, decision);
            const waits = decision.outcome === "approve" && deciding.proposal?.needs_second_approval;
            setMessage(waits ? t("back-office-loans.loan_changes.second_approval.submitted") : t(`back-office-loans.loan_changes.status.${decidedStatus(decision)}`));
            reload();
          }}
        >
          <DialogSummary request={deciding} />
        </DecisionDialog>
      )}
      {approving?.approval && (
        <DecisionDialog
          title={t("back-office-loans.loan_changes.second_approval.decide")}
          onClose={() => setApproving(null)}
          onDecide={async (decision) => {
            await api.decideLoanChangeApproval(approving.approval!.id, decision);
            setMessage(t(`back-office-loans.loan_changes.status.${decidedStatus(decision)}`));
            reload();
          }}
        >
          <DialogSummary request={approving} />
        </DecisionDialog>
      )}
    </div>
  );
}

/** Whose request, and what approving it changes. */
function DialogSummary({ request }: { request: LoanChangeRequest }) {
  return (
    <>
      <p>
        {request.borrower_name} · {t(`back-office-loans.loan_changes.type.${request.type_key}`)}
      </p>
      {request.proposal && <p>{changeText(request.proposal.effect)}</p>}
    </>
  );
}

function Proposal({ request }: { request: LoanChangeRequest }) {
  const p = request.proposal;
  if (request.proposal_refused) return <p role="note">{t("back-office-loans.loan_changes.refused_label", { reason: request.proposal_refused })}</p>;
  if (!p) return null;
  return (
    <>
      <p>
        <strong>{changeText(p.effect)}</strong>
      </p>
      {request.status === "pending" && p.needs_second_approval && request.approval?.status !== "pending" && (
        <p role="note">{t("back-office-loans.loan_changes.second_approval.needed")}</p>
      )}
      <p>
        {t(request.status === "approved" ? "back-office-loans.loan_changes.applied" : "back-office-loans.loan_changes.proposal", {
          term: p.term,
          rate: formatDailyRate(p.daily_rate_ppm),
          total: formatRupiah(p.total_repayment),
          maturity: formatDate(p.maturity_on),
        })}
      </p>
      <p>
        <strong>{t("back-office-loans.loan_changes.extension", { days: p.maturity_extension_days })}</strong>
      </p>
      <details>
        <summary>{t("back-office-loans.loan_changes.schedule")}</summary>
        <ScrollTable
          caption={t("back-office-loans.loan_changes.schedule")}
          className="bo-loans__schedule"
          columns={[
            { label: t("back-office-loans.loan_changes.number") },
            { label: t("back-office-loans.loan_changes.due_on") },
            { label: t("back-office-loans.loan_changes.principal"), numeric: true },
            { label: t("back-office-loans.loan_changes.interest"), numeric: true },
            { label: t("back-office-loans.loan_changes.total"), numeric: true },
          ]}
        >
          {p.instalments.map((i) => (
            <tr key={i.number}>
              <td>{i.number}</td>
              <td>{formatDate(i.due_on)}</td>
              <td className="num">{formatRupiah(i.principal)}</td>
              <td className="num">{formatRupiah(i.interest)}</td>
              <td className="num">{formatRupiah(i.total)}</td>
            </tr>
          ))}
        </ScrollTable>
      </details>
    </>
  );
}
