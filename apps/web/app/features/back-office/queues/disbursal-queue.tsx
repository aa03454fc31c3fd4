import type { DisbursalQueueItem } from "@pinjaman/contracts/back-office-queues";
import { formatDate, formatDateTime } from "@pinjaman/domain/dates";
import { formatRupiah } from "@pinjaman/domain/money";
import { t } from "@pinjaman/i18n";
import { useId, useState } from "react";
import { LoadState } from "./load-state.tsx";
import { queuesApi, type QueuesApi } from "./queues-api.ts";
import { ReasonDialog } from "./reason-dialog.tsx";
import { useLoad } from "./use-load.ts";
import "@pinjaman/i18n/ns/back_office_queues";
import "./queues.css";

const STAGES = ["cooling_off", "pending", "retrying", "failed"] as const;

/**
 * The disbursal queue: funded applications in their cooling-off, payouts waiting for the bank,
 * payouts the bank refused (attempts, its reason) that can be tried again now with a reason, and
 * those given up. Grouped by stage, each group a titled list.
 */
export function DisbursalQueue({ api = queuesApi }: { api?: Pick<QueuesApi, "disbursals" | "retry"> }) {
  const id = useId();
  const load = useLoad(() => api.disbursals(), "disbursals");
  const [retrying, setRetrying] = useState<DisbursalQueueItem | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function retry(item: DisbursalQueueItem, reason: string) {
    const answer = await api.retry(item.disbursal_id!, reason);
    setRetrying(null);
    setDone(`${item.borrower_name}: ${t(`back_office_queues.disbursals.outcome.${answer.outcome}`)}`);
    load.reload();
  }

  return (
    <section className="queues" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{t("back_office_queues.disbursals.title")}</h1>
      <p>{t("back_office_queues.disbursals.intro")}</p>
      <LoadState load={load} />
      <p role="status" className="queues__done">
        {done}
      </p>
      {load.data &&
        STAGES.map((stage) => {
          const items = load.data!.filter((i) => i.stage === stage);
          return (
            <section key={stage} className="queues__section" aria-labelledby={`${id}-${stage}`}>
              <h2 id={`${id}-${stage}`}>
                {t(`back_office_queues.disbursals.stage.${stage}`)} ({items.length})
              </h2>
              {items.length === 0 ? (
                <p>{t("back_office_queues.common.empty")}</p>
              ) : (
                <ul className="queues__list">
                  {items.map((item) => (
                    <li key={item.application_id} className="queues__item">
                      <h3 className="queues__item-title">{item.borrower_name}</h3>
                      <dl className="queues__figures">
                        <dt>{t("back_office_queues.common.amount")}</dt>
                        <dd>{formatRupiah(item.amount)}</dd>
                        <dt>{t("back_office_queues.disbursals.paid_to")}</dt>
                        <dd>
                          {item.merchant_name
                            ? t("back_office_queues.disbursals.paid_to_merchant", { name: item.merchant_name })
                            : t("back_office_queues.disbursals.paid_to_borrower", { name: item.borrower_name })}
                        </dd>
                        {item.payout !== null && (
                          <>
                            <dt>{t("back_office_queues.disbursals.payout")}</dt>
                            <dd>{formatRupiah(item.payout)}</dd>
                          </>
                        )}
                        {item.funded_on && (
                          <>
                            <dt>{t("back_office_queues.disbursals.funded_on")}</dt>
                            <dd>{formatDate(item.funded_on)}</dd>
                          </>
                        )}
                        {stage === "cooling_off" && item.cooling_off_ends_on && (
                          <>
                            <dt>{t("back_office_queues.disbursals.cooling_off_ends_on")}</dt>
                            <dd>{formatDate(item.cooling_off_ends_on)}</dd>
                          </>
                        )}
                        {item.disbursal_id && (
                          <>
                            <dt>{t("back_office_queues.disbursals.attempts")}</dt>
                            <dd>{item.attempts}</dd>
                          </>
                        )}
                        {item.next_attempt_at && (
                          <>
                            <dt>{t("back_office_queues.disbursals.next_attempt")}</dt>
                            <dd>{formatDateTime(new Date(item.next_attempt_at))}</dd>
                          </>
                        )}
                        {item.last_error && (
                          <>
                            <dt>{t("back_office_queues.disbursals.last_error")}</dt>
                            <dd>{item.last_error}</dd>
                          </>
                        )}
                      </dl>
                      {(stage === "pending" || stage === "retrying") && (
                        <button
                          type="button"
                          className="button button--outline"
                          aria-label={`${t("back_office_queues.disbursals.retry")}: ${item.borrower_name}`}
                          onClick={() => setRetrying(item)}
                        >
                          {t("back_office_queues.disbursals.retry")}
                        </button>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      {retrying && (
        <ReasonDialog
          title={`${t("back_office_queues.disbursals.retry_title")}: ${retrying.borrower_name}`}
          confirmLabel={t("back_office_queues.disbursals.retry_confirm")}
          onConfirm={(reason) => retry(retrying, reason)}
          onClose={() => setRetrying(null)}
        />
      )}
    </section>
  );
}
