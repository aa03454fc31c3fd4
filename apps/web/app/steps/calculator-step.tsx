import type { OfferSchedule } from "@pinjaman/contracts/offers";
import { disbursalSplit } from "@pinjaman/domain/disbursal";
import { formatRupiah } from "@pinjaman/domain/money";
import { t } from "@pinjaman/i18n";
import { useEffect, useState } from "react";
import { fetchOfferSchedule } from "../features/calculator/schedule-api.ts";
import type { StepRendererProps } from "./step-props.ts";
import "@pinjaman/i18n/ns/flows";
import "@pinjaman/i18n/ns/borrower_flows";

/** Amount and term (the product's loan settings as slider ranges) with the offer's instalment, priced by the server. */
export default function CalculatorStep({ step, fields, values }: StepRendererProps) {
  const productKey = typeof step.data?.product_key === "string" ? step.data.product_key : null;
  const amount = Number(values.amount);
  const term = Number(values.term);
  // A refinancing: the old loan's payoff comes off the new amount first, the rest goes to the borrower.
  const payoff = typeof step.data?.refinancing_payoff === "number" ? step.data.refinancing_payoff : null;
  const [schedule, setSchedule] = useState<OfferSchedule | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!productKey || !Number.isInteger(amount) || !Number.isInteger(term)) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchOfferSchedule(productKey, { amount, term }, controller.signal)
        .then((result) => {
          setSchedule(result.ok ? result.schedule : null);
          setProblem(result.ok ? null : result.message);
        })
        .catch(() => undefined);
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [productKey, amount, term]);

  return (
    <>
      {fields}
      <dl className="flow-summary" aria-live="polite">
        <div>
          <dt>{t("flows.page.monthly")}</dt>
          <dd data-testid="flow-monthly">{schedule ? formatRupiah(schedule.monthly_instalment) : "–"}</dd>
        </div>
        <div>
          <dt>{t("flows.page.total")}</dt>
          <dd>{schedule ? formatRupiah(schedule.total_repayment) : "–"}</dd>
        </div>
        {payoff !== null ? (
          <>
            <div>
              <dt>{t("borrower_flows.calculator.payoff")}</dt>
              <dd data-testid="flow-payoff">{formatRupiah(payoff)}</dd>
            </div>
            <div>
              <dt>{t("borrower_flows.calculator.to_borrower")}</dt>
              <dd data-testid="flow-to-borrower">{Number.isInteger(amount) && amount > 0 ? formatRupiah(Math.max(0, disbursalSplit(amount).payout - payoff)) : "–"}</dd>
            </div>
          </>
        ) : null}
      </dl>
      {problem ? (
        <p className="flow-alert" role="alert">
          {problem}
        </p>
      ) : null}
    </>
  );
}
