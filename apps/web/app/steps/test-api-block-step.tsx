import { t } from "@pinjaman/i18n";
import { useState } from "react";
import type { StepRendererProps } from "./step-props.ts";
import "@pinjaman/i18n/ns/flows";

type CheckResult = { status: string; message: string };

/** test_api_block: runs the step's server check and shows what it answered. */
export default function TestApiBlockStep({ step, runAction, busy }: StepRendererProps) {
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const result = step.data?.result as CheckResult | null | undefined;
  const action = step.actions[0];
  async function run() {
    if (!runAction || !action) return;
    setRunning(true);
    setFailure(null);
    try {
      await runAction(action.key);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setRunning(false);
    }
  }
  return (
    <section className="flow-check" aria-live="polite">
      {action ? (
        <button type="button" className="button" onClick={() => void run()} disabled={busy || running || !runAction}>
          {action.label}
        </button>
      ) : null}
      {result ? (
        <p className={result.status === "received" ? "flow-note" : "flow-alert"}>
          <strong>{t("flows.page.check_result")}:</strong> {result.message}
        </p>
      ) : null}
      {failure ? (
        <p className="flow-alert" role="alert">
          {failure}
        </p>
      ) : null}
    </section>
  );
}
