import type { PartnerSettlementRequest, PartnerSummary } from "@pinjaman/contracts/partners";
import { t } from "@pinjaman/i18n";
import { useId, useState, type FormEvent } from "react";
import { ApiError } from "../../shell/api-fetch.ts";
import { Dialog } from "../../shell/dialog.tsx";
import { BANK_ACCOUNT_FIELDS, BankAccountFields, bankAccountDraft, bankAccountErrors, bankAccountServerErrors, type BankAccountDraft, type BankAccountErrors } from "../bank-account-fields.tsx";
import "@pinjaman/i18n/ns/partners";
import "@pinjaman/i18n/ns/flows";

const LABELS = () => ({
  bank: t("partners.field.settlement_bank_code.label"),
  choose: t("partners.back_office.settlement_choose"),
  number: t("partners.field.settlement_account_number.label"),
  numberHint: t("flows.field.bank_account_number.hint"),
  holder: t("partners.field.settlement_account_holder.label"),
  holderHint: t("partners.field.settlement_account_holder.hint"),
});

/**
 * The partner's settlement account (decision 0032): where the loans of its purchases are paid.
 * Checked by the bank step's rules before sending; the server's field messages land under the
 * fields, and the first refused field takes the focus. Answers the saved partner.
 */
export function SettlementDialog({
  partner,
  save,
  onClose,
  onSaved,
}: {
  partner: PartnerSummary;
  save: (id: string, body: PartnerSettlementRequest) => Promise<PartnerSummary>;
  onClose: () => void;
  onSaved: (partner: PartnerSummary) => void;
}) {
  const id = useId();
  const [account, setAccount] = useState<BankAccountDraft>(() => bankAccountDraft(partner.settlement_account));
  const [errors, setErrors] = useState<BankAccountErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const refuse = (found: BankAccountErrors) => {
    setErrors(found);
    const first = BANK_ACCOUNT_FIELDS.find((f) => found[f]);
    if (first) document.getElementById(`${id}-${first}`)?.focus();
    return Boolean(first);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setError(null);
    if (refuse(bankAccountErrors(account, t("partners.error.settlement_bank")))) return;
    setBusy(true);
    try {
      onSaved(await save(partner.id, { data: { ...account, bank_code: account.bank_code as PartnerSettlementRequest["data"]["bank_code"] } }));
    } catch (caught) {
      setBusy(false);
      if (caught instanceof ApiError && refuse(bankAccountServerErrors(caught))) return;
      setError(caught instanceof ApiError ? caught.message : t("partners.back_office.failed"));
    }
  }

  return (
    <Dialog title={t("partners.back_office.settlement_title", { name: partner.name })} onClose={onClose}>
      <form noValidate onSubmit={submit} aria-busy={busy}>
        <p>{t("partners.back_office.settlement_intro")}</p>
        <BankAccountFields id={id} account={account} errors={errors} labels={LABELS()} onChange={(field, value) => setAccount((a) => ({ ...a, [field]: value }))} />
        {error && <p role="alert">{error}</p>}
        <p className="lead-failure__links">
          <button type="button" className="button" onClick={onClose}>
            {t("partners.back_office.cancel")}
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("partners.back_office.settlement_save")}
          </button>
        </p>
      </form>
    </Dialog>
  );
}
