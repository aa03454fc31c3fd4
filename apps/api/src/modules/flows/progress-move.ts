import { eq } from "drizzle-orm";
import type { FlowProgressView, FlowValues } from "@pinjaman/contracts/flows";
import type { OfferSchedule } from "@pinjaman/contracts/offers";
import type { PublicProduct } from "@pinjaman/contracts/site";
import { schema } from "@pinjaman/db";
import { checkLoanRequest } from "@pinjaman/domain/loan-settings";
import { LOAN_APPLICATION_COMPLETIONS, PRICED_COMPLETIONS } from "../../flows/definition.ts";
import { FieldErrors } from "../../plugins/errors.ts";
import { hashPassword } from "../accounts/passwords.ts";
import { recordAudit } from "../audit/audit-service.ts";
import { defaultOfferSchedule } from "../offers/schedule-service.ts";
import type { IssuedSession } from "../sessions/session-service.ts";
import { acceptedValues } from "./accepted-values.ts";
import { productKeyOf } from "./borrower-offers.ts";
import { businessToday, type Actor, type FlowEngine } from "./flow-engine.ts";
import { FlowError, loginRequired, movementNotFound, progressNotFound } from "./flow-errors.ts";
import { assertNoUnpaidPrincipal } from "./new-loan.ts";
import { lifetimeEnd } from "./progress-lifetime.ts";
import { loadProgress, requireOpen } from "./progress-load.ts";
import { productFor } from "./progress-product.ts";
import { arrive, stepOf } from "./progress-steps.ts";
import { progressView } from "./progress-view.ts";
import { runStepAction } from "./step-actions.ts";
import { checkStep } from "./step-checks.ts";
import { completeFlow, createCustomerAccount } from "./step-effects.ts";

type MoveResult = { view: FlowProgressView; session: IssuedSession | null };

/**
 * PATCH flow_progresses/{id}/move/{movementId}. Back saves and moves. Forward checks the whole
 * step; refused, nothing changes and the messages come back per field (422). Accepted, the step's
 * effect (creating the account), the move and — arriving at the end — the flow's completion are
 * one transaction. `fromStep` makes a double click harmless: a move from a step the progress has
 * already left answers the current state.
 */
export async function moveProgress(
  engine: FlowEngine,
  actor: Actor,
  id: string,
  movementId: string,
  input: { values?: FlowValues; from_step?: string },
): Promise<MoveResult> {
  const now = actor.now ?? new Date();
  const today = await businessToday(engine, now);
  const { row, version } = await loadProgress(engine, actor, id);
  requireOpen(row);
  if (input.from_step && input.from_step !== row.currentStep) return { view: await progressView(engine, version, row, {}, now), session: null };
  const definition = version.definition;
  const step = stepOf(definition, row.currentStep);
  const movement = step.movements.find((m) => m.id === movementId);
  if (!movement) throw movementNotFound();
  const { stored, transient } = acceptedValues(step, input.values ?? {});
  const values: FlowValues = { ...row.values, ...stored };

  let product: PublicProduct | null;
  try {
    product = await productFor(engine, definition, values, row, now);
  } catch (error) {
    // The product step's own refusal belongs under its field.
    if (error instanceof FlowError && error.code === "product_not_offered" && (step.checks ?? []).includes("product_choice")) {
      throw new FieldErrors({ product_key: [error.message] }, 422);
    }
    throw error;
  }
  let passwordHash: string | null = null;
  let offer: OfferSchedule | null = null;
  const target = arrive(definition, movement.to, row.customerId);
  if (movement.direction === "forward") {
    const errors = await checkStep(
      { db: engine.db, storage: engine.storage, openBanking: engine.openBanking, signatures: { ...engine.signatures, db: engine.db, origin: actor.origin }, product, customerId: row.customerId, flowProgressId: id, today },
      step,
      { ...values, ...transient },
    );
    if (Object.keys(errors).length > 0) throw new FieldErrors(errors, 422);
    if ((step.checks ?? []).includes("new_account")) passwordHash = await hashPassword(String(transient.password ?? ""));
    if (target.template === "end_flow" && PRICED_COMPLETIONS.includes(definition.completion) && product) {
      if (row.customerId && LOAN_APPLICATION_COMPLETIONS.includes(definition.completion)) await assertNoUnpaidPrincipal(engine.db, row.customerId);
      const request = { amount: Number(values.amount), term: Number(values.term) };
      // An offered flow's limits may have moved since the calculator (a payoff grows by the day): checked again.
      const outside = definition.offer ? checkLoanRequest(request, product.loanSettings) : [];
      if (outside.length > 0) throw new FieldErrors(Object.fromEntries(outside.map((p) => [p.field, [p.message]])), 422);
      offer = await defaultOfferSchedule(engine.db, product.key, request, today);
    }
  }

  const outcome = await engine.db.transaction(async (tx) => {
    const locked = await loadProgress(engine, actor, id, tx, true);
    requireOpen(locked.row);
    if (locked.row.currentStep !== row.currentStep || locked.row.revision !== row.revision) return { row: locked.row, session: null, moved: false };
    let customerId = locked.row.customerId;
    let session: IssuedSession | null = null;
    if (passwordHash) {
      const created = await createCustomerAccount(tx, { email: String(values.email), phone: String(values.phone), passwordHash, origin: actor.origin }, now);
      customerId = created.customerId;
      session = created.session;
    }
    const completing = movement.direction === "forward" && target.template === "end_flow";
    if (completing) {
      if (!customerId) throw loginRequired();
      await completeFlow(tx, definition.completion, {
        progressId: id,
        customerId,
        accountId: locked.row.accountId,
        accountApplicationId: locked.row.accountApplicationId,
        productKey: productKeyOf(definition, values),
        values,
        offer,
        origin: actor.origin,
        today,
        now,
      });
    }
    const history = [...locked.row.history, { movement_id: movement.id, from: step.key, to: target.key, at: now.toISOString() }];
    const [updated] = await tx
      .update(schema.flowProgresses)
      .set({
        values,
        history,
        customerId,
        currentStep: target.key,
        revision: locked.row.revision + 1,
        status: completing ? "completed" : "in_progress",
        completedAt: completing ? now : null,
        updatedAt: now,
        expiresAt: lifetimeEnd(now),
      })
      .where(eq(schema.flowProgresses.id, id))
      .returning();
    if (!updated) throw progressNotFound();
    return { row: updated, session, moved: true };
  });

  if (outcome.session && outcome.row.customerId) {
    await recordAudit(engine.db, actor.origin, "account_created", outcome.row.customerId, { flow_progress_id: id, session_id: outcome.session.id });
  }
  let current = outcome.row;
  if (outcome.moved && target.onEnter && current.customerId) current = await runStepAction(engine, actor, current, target.onEnter, now);
  return { view: await progressView(engine, version, current, {}, now), session: outcome.session };
}
