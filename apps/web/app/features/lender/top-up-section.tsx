import { formatRupiah } from "@pinjaman/domain/money";
import { t } from "@pinjaman/i18n";
import { useId } from "react";
import { LoadingBox } from "../shell/loading-box.tsx";
import { PayChannels } from "../shell/pay-channels.tsx";
import { TransferSimulation } from "../shell/transfer-simulation.tsx";
import { useLoaded } from "../shell/use-loaded.ts";
import type { InvestmentAccountSectionProps } from "./investment-account-sections.tsx";
import { lenderMoneyApi, type LenderMoneyApi } from "./lender-money-api.ts";
import "@pinjaman/i18n/ns/lender_money";
import "./lender-money.css";

const k = (key: string) => t(`lender_money.top_up.simulate.${key}`);

/**
 * "Isi saldo" (issue 9 §2): the lender's own top-up VA per bank, to copy, and how to pay into it;
 * in the sandbox also a form that plays the bank's transfer (POST deposits, the gateway's path).
 */
export function TopUpSection({ accountId, sandbox = false, onChanged, api = lenderMoneyApi }: InvestmentAccountSectionProps & { api?: Pick<LenderMoneyApi, "paymentOptions" | "deposit"> }) {
  const id = useId();
  const [options] = useLoaded(accountId, () => api.paymentOptions(accountId));
  return (
    <section className="lender-money" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("lender_money.top_up.title")}</h2>
      <p className="field__hint">{t("lender_money.top_up.intro")}</p>
      <LoadingBox loaded={options !== null} error={options?.error ? t("lender_money.top_up.failed") : null}>
        {options?.data && (
          <>
            <PayChannels
              channels={options.data.channels}
              choiceLabel={t("lender_money.top_up.channel_choice")}
              numberLabel={(channel) => t("lender_money.top_up.virtual_account", { channel })}
            />
            {sandbox && (
              <TransferSimulation
                channels={options.data.channels}
                initialAmount=""
                texts={{ title: k("title"), intro: k("intro"), channel: k("channel"), amount: k("amount"), amountInvalid: k("amount_invalid"), submit: k("submit"), submitting: k("submitting") }}
                send={async (transfer) => {
                  const deposit = await api.deposit(accountId, transfer);
                  return t("lender_money.top_up.simulate.done", { amount: formatRupiah(deposit.amount), available: formatRupiah(deposit.balance.available) });
                }}
                onDone={onChanged}
              />
            )}
          </>
        )}
      </LoadingBox>
    </section>
  );
}
