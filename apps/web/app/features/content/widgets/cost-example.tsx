import { formatDate, formatTerm } from "@pinjaman/domain/dates";
import { formatDailyRate, formatRupiah } from "@pinjaman/domain/money";
import { offerRate, type LoanType } from "@pinjaman/domain/ojk-guard";
import { buildSchedule } from "@pinjaman/domain/schedule";
import { t } from "@pinjaman/i18n";
import "@pinjaman/i18n/ns/calculator";

export const COST_EXAMPLE_AMOUNT = 5_000_000;
export const COST_EXAMPLE_TERMS = [3, 6, 12] as const;

export type CostExampleProps = {
  loanType: LoanType;
  /** The product's daily rate in ppm; each tenor is priced at it, lowered to the OJK cap. */
  productRatePpm: number;
  /** The server's date (yyyy-mm-dd, Jakarta): the day the caps and the schedule start from. */
  today: string;
  amount?: number;
  terms?: readonly number[];
};

/** The worked examples, priced exactly as an offer is: offerRate, then buildSchedule. */
export function costExamples({
  loanType,
  productRatePpm,
  today,
  amount = COST_EXAMPLE_AMOUNT,
  terms = COST_EXAMPLE_TERMS,
}: CostExampleProps) {
  return terms.map((term) =>
    buildSchedule({
      principal: amount,
      dailyRatePpm: offerRate(loanType, term, productRatePpm, today),
      termMonths: term,
      startDate: today,
    }),
  );
}

export function CostExample(props: CostExampleProps) {
  const amount = props.amount ?? COST_EXAMPLE_AMOUNT;
  const schedules = costExamples(props);
  return (
    <div className="cost-example">
      <p className="cost-example-title">{t("calculator.cost_example.title", { amount: formatRupiah(amount) })}</p>
      <div className="cost-example-grid">
        {schedules.map((s) => {
          const first = s.instalments[0];
          const last = s.instalments[s.instalments.length - 1];
          const headingId = `cost-example-${s.termMonths}`;
          return (
            <section key={s.termMonths} className="cost-example-card" aria-labelledby={headingId} data-testid={headingId}>
              <h3 id={headingId}>{t("calculator.cost_example.tenor", { term: formatTerm(s.termMonths, "month") })}</h3>
              <dl>
                <div>
                  <dt>{t("calculator.cost_example.principal")}</dt>
                  <dd>{formatRupiah(s.principal)}</dd>
                </div>
                <div>
                  <dt>{t("calculator.cost_example.rate")}</dt>
                  <dd>{formatDailyRate(s.dailyRatePpm)}</dd>
                </div>
                <div>
                  <dt>{t("calculator.cost_example.term")}</dt>
                  <dd>{formatTerm(s.termMonths, "month")}</dd>
                </div>
                <div>
                  <dt>{t("calculator.cost_example.total_interest")}</dt>
                  <dd data-testid="cost-example-interest">{formatRupiah(s.totalInterest)}</dd>
                </div>
                <div>
                  <dt>{t("calculator.cost_example.monthly")}</dt>
                  <dd data-testid="cost-example-monthly">
                    {first ? formatRupiah(first.amount) : "–"}
                    {first && last && last.amount !== first.amount ? (
                      <small>
                        {" "}
                        ({t("calculator.cost_example.last_instalment", { amount: formatRupiah(last.amount) })})
                      </small>
                    ) : null}
                  </dd>
                </div>
                <div>
                  <dt>{t("calculator.cost_example.total_repayment")}</dt>
                  <dd data-testid="cost-example-total">{formatRupiah(s.totalRepayment)}</dd>
                </div>
              </dl>
            </section>
          );
        })}
      </div>
      <p className="cost-example-cap">{t("calculator.cost_example.cap")}</p>
      <p className="cost-example-date">{t("calculator.cost_example.dated", { date: formatDate(props.today) })}</p>
    </div>
  );
}
