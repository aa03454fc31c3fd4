import type { ReviewDetail as Detail } from "@pinjaman/contracts/back-office-queues";
import { formatDate, formatDateTime } from "@pinjaman/domain/dates";
import { formatRupiah } from "@pinjaman/domain/money";
import { applicationStatusLabel, isApplicationStatus } from "@pinjaman/domain/status-labels";
import { hasKey, t } from "@pinjaman/i18n";
import { useId, useState } from "react";
import { Link } from "react-router";
import { LoadState } from "./load-state.tsx";
import { queuesApi, type QueuesApi } from "./queues-api.ts";
import { ReasonDialog } from "./reason-dialog.tsx";
import { useLoad } from "./use-load.ts";
import "@pinjaman/i18n/ns/back_office_queues";
import "@pinjaman/i18n/ns/flows";
import "@pinjaman/i18n/ns/status";
import "./queues.css";

const statusText = (s: string) => (isApplicationStatus(s) ? applicationStatusLabel(s) : s);
const ruleOutcome = (passed: boolean | null) =>
  passed === true ? t("back_office_queues.review.rule_passed") : passed === false ? t("back_office_queues.review.rule_failed") : t("back_office_queues.review.rule_unknown");
/** A label from the catalogue, or the key itself for one it does not know yet. */
const labelOf = (prefix: string, key: string) => (hasKey(`${prefix}.${key}`) ? t(`${prefix}.${key}`) : key);
const ruleName = (key: string) => labelOf("back_office_queues.review.rule", key);
const measuredValue = (v: unknown) => (v === null ? "–" : v === true ? t("back_office_queues.review.yes") : v === false ? t("back_office_queues.review.no") : String(v));
const measured = (values: Record<string, unknown> | null) =>
  values
    ? Object.entries(values)
        .map(([k, v]) => `${labelOf("back_office_queues.review.measure", k)}: ${measuredValue(v)}`)
        .join(", ")
    : "–";
/** A KYC field's label as the borrower saw it in the flow. */
const fieldLabel = (key: string) => (hasKey(`flows.field.${key}.label`) ? t(`flows.field.${key}.label`) : key);
/** The option group a KYC answer's value is named in (flows.option.*), where it is not the field's own key. */
const OPTION_GROUP: Readonly<Record<string, string>> = { bank_code: "bank" };
/** A KYC answer as the borrower chose it (the option's Indonesian name), or as typed. */
const answerText = (key: string, value: string) => labelOf(`flows.option.${OPTION_GROUP[key] ?? key}`, value);
/** Percent of a daily rate in parts per million (3000 → 0,3 %). */
const dailyRate = (ppm: number) => `${(ppm / 10_000).toLocaleString("id-ID", { maximumFractionDigits: 4 })} %`;

type Outcome = "approve" | "reject";

/**
 * One application under review: the terms, the customer, the KYC answers with the photos and
 * documents, the automatic decision's rules, the recorded moves and the customer's history; approve
 * or reject with a mandatory reason in a dialog. Opening this page is an audited read.
 */
export function ReviewDetail({ applicationId, api = queuesApi }: { applicationId: string; api?: Pick<QueuesApi, "reviewDetail" | "decide"> }) {
  const id = useId();
  const load = useLoad(() => api.reviewDetail(applicationId), applicationId);
  const [dialog, setDialog] = useState<Outcome | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const detail = load.data;

  async function decide(outcome: Outcome, reason: string) {
    const application = await api.decide(applicationId, outcome, reason);
    setDialog(null);
    setDone(t(`back_office_queues.review.decided_${outcome}`, { status: statusText(application.status) }));
    load.reload();
  }

  return (
    <section className="queues" aria-labelledby={`${id}-title`}>
      <p>
        <Link to="/back-office/review">{t("back_office_queues.review.back")}</Link>
      </p>
      <h1 id={`${id}-title`}>{detail ? t("back_office_queues.review.detail_title", { name: detail.customer.name }) : t("back_office_queues.review.title")}</h1>
      <LoadState load={load} />
      <p role="status" className="queues__done">
        {done}
      </p>
      {detail && (
        <>
          <Decision detail={detail} onOpen={setDialog} />
          <ApplicationFigures detail={detail} />
          <Customer detail={detail} />
          <Kyc detail={detail} />
          <Rules detail={detail} />
          <Transitions detail={detail} />
          <History detail={detail} />
        </>
      )}
      {dialog && (
        <ReasonDialog
          title={t(`back_office_queues.review.${dialog}_title`)}
          confirmLabel={t(`back_office_queues.review.${dialog}_confirm`)}
          onConfirm={(reason) => decide(dialog, reason)}
          onClose={() => setDialog(null)}
        />
      )}
    </section>
  );
}

function Decision({ detail, onOpen }: { detail: Detail; onOpen: (o: Outcome) => void }) {
  const allowed = detail.allowed_outcomes;
  if (allowed.length === 0) return <p>{t("back_office_queues.review.no_decision")}</p>;
  return (
    <div className="queues__actions">
      {allowed.includes("approve") && (
        <button type="button" className="button button--primary" onClick={() => onOpen("approve")}>
          {t("back_office_queues.review.approve")}
        </button>
      )}
      {allowed.includes("reject") && (
        <button type="button" className="button button--outline" onClick={() => onOpen("reject")}>
          {t("back_office_queues.review.reject")}
        </button>
      )}
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section className="queues__section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function ApplicationFigures({ detail }: { detail: Detail }) {
  const a = detail.application;
  return (
    <Section title={t("back_office_queues.review.application")}>
      <dl className="queues__figures">
        <dt>{t("back_office_queues.common.status")}</dt>
        <dd>{statusText(a.status)}</dd>
        <dt>{t("back_office_queues.review.product")}</dt>
        <dd>{a.product_name ?? "–"}</dd>
        <dt>{t("back_office_queues.common.amount")}</dt>
        <dd>{formatRupiah(a.amount)}</dd>
        <dt>{t("back_office_queues.review.tenor")}</dt>
        <dd>{t("back_office_queues.review.term", { term: a.term })}</dd>
        <dt>{t("back_office_queues.review.daily_rate")}</dt>
        <dd>{dailyRate(a.daily_rate_ppm)}</dd>
        <dt>{t("back_office_queues.review.total_repayment")}</dt>
        <dd>{formatRupiah(a.total_repayment)}</dd>
        <dt>{t("back_office_queues.review.submitted_on")}</dt>
        <dd>{a.submitted_on ? formatDate(a.submitted_on) : "–"}</dd>
        <dt>{t("back_office_queues.review.risk_grade")}</dt>
        <dd>{a.risk_grade ?? "–"}</dd>
      </dl>
      {a.rejection_reason && <p>{a.rejection_reason}</p>}
    </Section>
  );
}

function Customer({ detail }: { detail: Detail }) {
  const c = detail.customer;
  return (
    <Section title={t("back_office_queues.review.customer")}>
      <dl className="queues__figures">
        <dt>{t("back_office_queues.review.name")}</dt>
        <dd>{c.name}</dd>
        <dt>{t("back_office_queues.review.email")}</dt>
        <dd>{c.email ?? "–"}</dd>
        <dt>{t("back_office_queues.review.phone")}</dt>
        <dd>{c.phone ?? "–"}</dd>
        <dt>{t("back_office_queues.review.customer_since")}</dt>
        <dd>{formatDate(c.created_at)}</dd>
      </dl>
    </Section>
  );
}

function Kyc({ detail }: { detail: Detail }) {
  const kyc = detail.kyc;
  return (
    <Section title={t("back_office_queues.review.kyc")}>
      {kyc ? (
        <dl className="queues__figures">
          <dt>{t("back_office_queues.review.full_name")}</dt>
          <dd>{kyc.full_name}</dd>
          <dt>{t("back_office_queues.review.nik")}</dt>
          <dd>{kyc.personal_code}</dd>
          <dt>{t("back_office_queues.review.birth_date")}</dt>
          <dd>{formatDate(kyc.birth_date)}</dd>
          {kyc.answers.map((a) => (
            <div key={a.key} className="queues__pair">
              <dt>{fieldLabel(a.key)}</dt>
              <dd>{answerText(a.key, a.value)}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p>{t("back_office_queues.review.kyc_none")}</p>
      )}
      <h3>{t("back_office_queues.review.documents")}</h3>
      {detail.documents.length === 0 ? (
        <p>{t("back_office_queues.review.documents_none")}</p>
      ) : (
        <ul className="queues__documents">
          {detail.documents.map((d) => {
            const name = d.field_key ? fieldLabel(d.field_key) : d.filename;
            return (
              <li key={d.id}>
                {d.mime_type.startsWith("image/") && <img src={d.url} alt={name} className="queues__photo" loading="lazy" />}
                <a href={d.url} target="_blank" rel="noreferrer">
                  {t("back_office_queues.review.document_open", { name: d.filename })}
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}

function Rules({ detail }: { detail: Detail }) {
  const d = detail.decision;
  return (
    <Section title={t("back_office_queues.review.rules")}>
      {!d ? (
        <p>{t("back_office_queues.review.rules_none")}</p>
      ) : (
        <>
          <p>
            {t(`back_office_queues.review.decision_outcome.${d.outcome}`)} · {formatDateTime(new Date(d.decided_at))}
          </p>
          <ul className="queues__list">
            {d.rules.map((r) => (
              <li key={r.key} className={`queues__rule queues__rule--${r.passed === null ? "unknown" : r.passed ? "passed" : "failed"}`}>
                <strong>{ruleName(r.key)}</strong>: {ruleOutcome(r.passed)}
                <br />
                <small>
                  {measured(r.measured)} / {measured(r.threshold)}
                </small>
              </li>
            ))}
          </ul>
        </>
      )}
    </Section>
  );
}

function Transitions({ detail }: { detail: Detail }) {
  return (
    <Section title={t("back_office_queues.review.transitions")}>
      <ol className="queues__list">
        {detail.transitions.map((m, k) => (
          <li key={k}>
            {formatDateTime(new Date(m.created_at))}: {m.from_status ? `${statusText(m.from_status)} → ` : ""}
            {statusText(m.to_status)} ({labelOf("back_office_queues.review.actor", m.actor_kind)}){m.reason ? ` · ${m.reason}` : ""}
          </li>
        ))}
      </ol>
    </Section>
  );
}

function History({ detail }: { detail: Detail }) {
  const h = detail.history;
  const none = <p>{t("back_office_queues.review.history_none")}</p>;
  return (
    <Section title={t("back_office_queues.review.history")}>
      <h3>{t("back_office_queues.review.history_applications")}</h3>
      {h.applications.length === 0
        ? none
        : (
            <ul className="queues__list">
              {h.applications.map((a) => (
                <li key={a.id}>
                  {a.submitted_on ? formatDate(a.submitted_on) : "–"} · {formatRupiah(a.amount)} · {statusText(a.status)}
                </li>
              ))}
            </ul>
          )}
      <h3>{t("back_office_queues.review.history_loans")}</h3>
      {h.loans.length === 0
        ? none
        : (
            <ul className="queues__list">
              {h.loans.map((l) => (
                <li key={l.id}>
                  {l.activated_on ? formatDate(l.activated_on) : "–"} · {t("back_office_queues.review.principal_balance")} {formatRupiah(l.principal_balance)} · {l.status}
                </li>
              ))}
            </ul>
          )}
      <h3>{t("back_office_queues.review.history_payments")}</h3>
      {h.payments.length === 0
        ? none
        : (
            <ul className="queues__list">
              {h.payments.map((p) => (
                <li key={p.id}>
                  {formatDate(p.paid_on)} · {formatRupiah(p.amount)} · {p.status}
                </li>
              ))}
            </ul>
          )}
    </Section>
  );
}
