import { t } from "@pinjaman/i18n";
import { Refusal } from "../../plugins/errors.ts";
import "@pinjaman/i18n/ns/flows";

/** A refusal of the engine with its status and catalogue text; the error handler answers it. */
export class FlowError extends Refusal {
  constructor(status: number, code: string, messageKey: string) {
    super(status, code, t(messageKey));
  }
}

export const flowNotFound = () => new FlowError(404, "flow_not_found", "flows.error.flow_not_found");
export const progressNotFound = () => new FlowError(404, "flow_progress_not_found", "flows.error.progress_not_found");
export const progressExpired = () => new FlowError(410, "flow_progress_expired", "flows.error.progress_expired");
export const progressClosed = () => new FlowError(409, "flow_progress_closed", "flows.error.progress_closed");
export const movementNotFound = () => new FlowError(404, "movement_not_found", "flows.error.movement_not_found");
export const actionNotFound = () => new FlowError(404, "action_not_found", "flows.error.action_not_found");
export const loginRequired = () => new FlowError(401, "not_authenticated", "flows.error.login_required");
