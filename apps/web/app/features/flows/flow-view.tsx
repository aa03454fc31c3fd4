import type { FlowStep } from "@pinjaman/contracts/flows";
import { t } from "@pinjaman/i18n";
import { useMemo, useRef, type FormEvent } from "react";
import type { FieldContext } from "../../fields/field-props.ts";
import { FieldRenderer } from "../../fields/registry.tsx";
import { presignFieldUpload } from "../../fields/upload-client.ts";
import { STEP_RENDERERS } from "../../steps/registry.tsx";
import { LoadingBox } from "../shell/loading-box.tsx";
import { useAdoptTypedInput } from "../shell/adopt-typed-input.ts";
import { useDraftSave } from "./use-draft-save.ts";
import type { FlowController } from "./use-flow.ts";
import "@pinjaman/i18n/ns/flows";
import "./flows.css";

type FlowViewProps = {
  flow: FlowController;
  customerId: string | null;
  affiliate: string;
};

function StepFields({ step, flow, context }: { step: FlowStep; flow: FlowController; context: FieldContext }) {
  return (
    <div className="flow-fields">
      {step.fields.map((field) => (
        <FieldRenderer
          key={`${step.key}:${field.key}`}
          field={field}
          value={flow.values[field.key] ?? null}
          onChange={(value) => flow.setValue(field.key, value)}
          errors={flow.errors[field.key] ?? []}
          disabled={flow.busy}
          context={context}
        />
      ))}
    </div>
  );
}

/**
 * One flow step as the server describes it: title, "Langkah x dari y", the step template around
 * the generically rendered fields, and the movements ("Kembali", "Lanjutkan"). "Lanjutkan" stays
 * disabled while a field holds the step back (NIK under 25, terms not read).
 */
export function FlowView({ flow, customerId, affiliate }: FlowViewProps) {
  const { step } = flow;
  const draft = useDraftSave(flow);
  const form = useRef<HTMLFormElement>(null);
  useAdoptTypedInput(form);
  const context: FieldContext = useMemo(
    () => ({
      flowProgressId: flow.progress?.id ?? null,
      values: flow.values,
      setValues: flow.setValues,
      setBlocking: flow.setBlocking,
      advance: flow.advance,
      customerId,
      affiliate,
      onFilePresign: presignFieldUpload,
      ...(flow.progress ? { runAction: flow.runAction } : {}),
    }),
    [flow.progress, flow.values, flow.setValues, flow.setBlocking, flow.advance, flow.runAction, customerId, affiliate],
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const forward = step?.movements.find((m) => m.direction === "forward");
    if (forward) void flow.move(forward.id);
  }

  return (
    <LoadingBox loaded={flow.loaded} error={!step ? flow.failure : null}>
      {step ? (
        <form ref={form} className="flow" onSubmit={submit} onBlur={draft.flush} noValidate aria-busy={flow.busy}>
          <p className="flow__progress">{t("flows.page.step_of", { current: flow.stepIndex + 1, total: flow.stepsCount })}</p>
          <h1 className="flow__title">{step.title}</h1>
          {step.description ? <p className="flow__description">{step.description}</p> : null}
          {(() => {
            const Template = STEP_RENDERERS[step.template];
            return (
              <Template
                step={step}
                fields={<StepFields step={step} flow={flow} context={context} />}
                values={flow.values}
                setValue={flow.setValue}
                busy={flow.busy}
                {...(flow.progress ? { runAction: flow.runAction } : {})}
              />
            );
          })()}
          {flow.failure ? (
            <p className="flow-alert" role="alert">
              {flow.failure}
            </p>
          ) : null}
          <div className="flow__movements">
            {step.movements
              .filter((m) => m.direction === "back")
              .map((m) => (
                <button key={m.id} type="button" className="button" disabled={flow.busy} onClick={() => void flow.move(m.id)}>
                  {m.label}
                </button>
              ))}
            {step.movements
              .filter((m) => m.direction === "forward")
              .map((m) => (
                <button key={m.id} type="submit" className="button button--primary" disabled={flow.busy || flow.isBlocked}>
                  {flow.busy ? t("flows.page.saving") : m.label}
                </button>
              ))}
          </div>
        </form>
      ) : null}
    </LoadingBox>
  );
}
