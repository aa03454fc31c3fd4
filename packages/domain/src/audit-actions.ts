/**
 * Every code the audit log can hold, so the back-office audit page can name each one in
 * Indonesian (catalogue back_office_settings, audit.actions) and a test can find a code without
 * a name. The API writes only these: recordAudit takes a CustomerAuditType, recordStaffAction a
 * StaffActionCode.
 */

/** A customer's own audit event (audit_events.type): sign-ins, codes, resets, signatures. */
export const CUSTOMER_AUDIT_TYPES = [
  "login_succeeded",
  "login_failed",
  "code_sent",
  "code_failed",
  "refresh",
  "logout",
  "password_reset_requested",
  "password_reset_done",
  "signature_signed",
  "signature_failed",
  "account_created",
] as const;
export type CustomerAuditType = (typeof CUSTOMER_AUDIT_TYPES)[number];

/** A staff action (staff_actions.action, decision 0026): a change or a read of personal data. */
export const STAFF_ACTION_CODES = [
  "application.approve",
  "application.reject",
  "application.kyc_read",
  "application.document_read",
  "customer.search",
  "customer.view",
  "customer.personal_data.read",
  "customer.block",
  "customer.unblock",
  "customer_notice.send",
  "support_request.list",
  "support_request.answer",
  "disbursal.retry",
  "payment.match",
  "payment.refund",
  "payment.refund_retry",
  "payment.refunded",
  "payment.refund_failed",
  "collection.contact",
  "collection.promise",
  "write_off.request",
  "write_off.approve",
  "write_off.reject",
  "ledger_adjustment.request",
  "ledger_adjustment.approve",
  "ledger_adjustment.reject",
  "reschedule.approve",
  "reschedule.reject",
  "restructure.approve",
  "restructure.reject",
  "loan_change.request",
  "loan_change.approve",
  "loan_change.reject",
  "product_pricing.change",
  "company_config.change",
  "platform_settings.change",
  "api_key.create",
  "api_key.revoke",
  "tkb_snapshot.take",
  "partner.create",
  "partner.branch.create",
  "partner.settlement_account.set",
  "partner.api_key.issue",
] as const;
export type StaffActionCode = (typeof STAFF_ACTION_CODES)[number];
