import { t } from "@pinjaman/i18n";
import type { StepRendererProps } from "./step-props.ts";
import "@pinjaman/i18n/ns/flows";

type SignatureState = { code_sent_to: string | null; error: string | null };

/** peruri_signature: the contract is signed with the one-time code sent by SMS (resend after 60 s by the resend field). */
export default function SignatureStep({ step, fields }: StepRendererProps) {
  const signature = step.data?.signature as SignatureState | undefined;
  return (
    <>
      {signature?.code_sent_to ? <p className="flow-note">{t("flows.page.code_sent_to", { to: signature.code_sent_to })}</p> : null}
      {signature?.error ? (
        <p className="flow-alert" role="alert">
          {signature.error}
        </p>
      ) : null}
      {fields}
    </>
  );
}
