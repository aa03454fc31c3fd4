import { t } from "@pinjaman/i18n";
import { useId } from "react";
import { LoadingBox } from "../shell/loading-box.tsx";
import { PayChannels } from "../shell/pay-channels.tsx";
import { useLoaded } from "../shell/use-loaded.ts";
import { lenderMoneyApi, type LenderMoneyApi } from "./lender-money-api.ts";
import "@pinjaman/i18n/ns/lender_money";
import "./lender-money.css";

/** "Isi saldo" (issue 9 §2): the lender's own top-up VA per bank, to copy, and how to pay into it. */
export function TopUpSection({ accountId, api = lenderMoneyApi }: { accountId: string; api?: Pick<LenderMoneyApi, "paymentOptions"> }) {
  const id = useId();
  const [options] = useLoaded(accountId, () => api.paymentOptions(accountId));
  return (
    <section className="lender-money" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("lender_money.top_up.title")}</h2>
      <p className="field__hint">{t("lender_money.top_up.intro")}</p>
      <LoadingBox loaded={options !== null} error={options?.error ? t("lender_money.top_up.failed") : null}>
        {options?.data && (
          <PayChannels
            channels={options.data.channels}
            choiceLabel={t("lender_money.top_up.channel_choice")}
            numberLabel={(channel) => t("lender_money.top_up.virtual_account", { channel })}
          />
        )}
      </LoadingBox>
    </section>
  );
}
