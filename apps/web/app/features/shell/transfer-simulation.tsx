import { parseRupiah } from "@pinjaman/domain/money-input";
import { useId, useRef, useState, type FormEvent } from "react";
import { AmountField } from "./amount-field.tsx";
import { ApiError } from "./api-fetch.ts";
import "./transfer-simulation.css";

/** What the sandbox sends for a simulated transfer into a virtual account. */
export type SimulatedTransfer = { channel: string; amount: number; idempotency_key: string };

/** The form's texts (Indonesian, from the caller's catalogue namespace). */
export type TransferSimulationTexts = {
  title: string;
  intro: string;
  channel: string;
  amount: string;
  amountInvalid: string;
  submit: string;
  submitting: string;
};

type Props = {
  channels: readonly { key: string; name: string }[];
  initialAmount: string;
  texts: TransferSimulationTexts;
  /** Sends the transfer; answers the status line to show. */
  send: (transfer: SimulatedTransfer) => Promise<string>;
  onDone?: () => void;
};

/**
 * A sandbox form that plays the bank: a transfer into one of the caller's virtual accounts (a
 * loan's instalment, a lender's top-up). One idempotency key per submission, and a submission in
 * flight ignores further clicks and a sent one empties the amount, so a double click moves money
 * once; a retry after a network failure reuses the key, a refusal (4xx) forgets it.
 */
export function TransferSimulation({ channels, initialAmount, texts, send, onDone }: Props) {
  const id = useId();
  const [channel, setChannel] = useState(channels[0]?.key ?? "");
  const [amount, setAmount] = useState(initialAmount);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string | undefined>>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState("");
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  /** The key of a submission whose outcome is unknown (network failure), reused for the same request. */
  const pending = useRef<{ request: string; key: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // In flight, or the second click of a double click after the transfer went through: nothing to send.
    if (inFlight.current || (done && amount.trim() === "")) return;
    const parsed = parseRupiah(amount);
    setDone("");
    setError(null);
    if (!parsed.ok || parsed.value < 1) {
      setFieldErrors({ amount: parsed.ok ? texts.amountInvalid : parsed.error });
      return;
    }
    const value = parsed.value;
    setFieldErrors({});
    const request = `${channel}:${value}`;
    if (pending.current?.request !== request) pending.current = { request, key: crypto.randomUUID() };
    inFlight.current = true;
    setBusy(true);
    try {
      const status = await send({ channel, amount: value, idempotency_key: pending.current.key });
      pending.current = null;
      // The amount is spent: another transfer is typed anew.
      setAmount("");
      setDone(status);
      onDone?.();
    } catch (e) {
      if (e instanceof ApiError && e.status >= 400 && e.status < 500) pending.current = null;
      if (e instanceof ApiError) setFieldErrors({ amount: e.fieldMessage("amount"), channel: e.fieldMessage("channel") });
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  const describedBy = (field: string) => (fieldErrors[field] ? `${id}-${field}-error` : undefined);
  return (
    <form className="transfer-simulation" noValidate onSubmit={(e) => void submit(e)} aria-busy={busy} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{texts.title}</h3>
      <p className="field__hint">{texts.intro}</p>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-channel`}>
          {texts.channel}
        </label>
        <select id={`${id}-channel`} className="field__input" value={channel} onChange={(e) => setChannel(e.target.value)} aria-invalid={fieldErrors.channel ? true : undefined} aria-describedby={describedBy("channel")}>
          {channels.map((c) => (
            <option key={c.key} value={c.key}>
              {c.name}
            </option>
          ))}
        </select>
        {fieldErrors.channel && (
          <p id={`${id}-channel-error`} className="field__error">
            {fieldErrors.channel}
          </p>
        )}
      </div>
      <AmountField id={`${id}-amount`} label={texts.amount} value={amount} onChange={setAmount} error={fieldErrors.amount} />
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? texts.submitting : texts.submit}
      </button>
      <p role="status">{done}</p>
      {error && (
        <p className="auth-alert" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
