import type { NewPayment } from "@pinjaman/contracts/invoices";
import type { NewPaymentRequest } from "@pinjaman/contracts/payments";
import { formatDate } from "@pinjaman/domain/dates";
import { formatRupiah } from "@pinjaman/domain/money";
import { transferAfterCredit } from "@pinjaman/domain/payoff";
import { t } from "@pinjaman/i18n";
import { TransferSimulation } from "../shell/transfer-simulation.tsx";
import type { LoansApi } from "./loans-api.ts";
import "@pinjaman/i18n/ns/loans";

type Props = { accountId: string; payment: NewPayment; api: LoansApi; onPaid: () => void };

/** The sandbox's "Simulasikan pembayaran" (POST accounts/{id}/payments): a transfer into the loan's VA, prefilled with what is due less the borrower's credit. */
export function PaySimulation({ accountId, payment, api, onPaid }: Props) {
  const k = (key: string) => t(`loans.simulate.${key}`);
  return (
    <TransferSimulation
      channels={payment.channels}
      initialAmount={String(transferAfterCredit(payment.amount_due, payment.credit_balance) || payment.next_amount || "")}
      texts={{ title: k("title"), intro: k("intro"), channel: k("channel"), amount: k("amount"), amountInvalid: k("amount_invalid"), submit: k("submit"), submitting: k("submitting") }}
      send={async (transfer) => {
        const paid = await api.pay(accountId, transfer as NewPaymentRequest);
        const amount = formatRupiah(paid.amount);
        // Far above what pays the loan off: parked for reconciliation, not allocated (decision 0016).
        if (paid.status === "parked") return t("loans.simulate.parked", { amount });
        return paid.account_status === "closed" ? t("loans.simulate.closed", { amount }) : t("loans.simulate.done", { amount, date: formatDate(paid.paid_on) });
      }}
      onDone={onPaid}
    />
  );
}
