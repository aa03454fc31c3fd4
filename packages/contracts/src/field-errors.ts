import { t } from "@pinjaman/i18n";
import type { z } from "zod";
import "@pinjaman/i18n/ns/api";

/** Indonesian message for one zod issue; the catalogue holds the wording. */
function issueMessage(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined ? t("api.field.required") : t("api.field.invalid_type");
    case "too_small":
      return issue.origin === "string"
        ? t("api.field.too_short", { min: String(issue.minimum) })
        : t(issue.inclusive === false ? "api.field.greater_than" : "api.field.too_small", { min: String(issue.minimum) });
    case "too_big":
      return issue.origin === "string"
        ? t("api.field.too_long", { max: String(issue.maximum) })
        : t(issue.inclusive === false ? "api.field.less_than" : "api.field.too_big", { max: String(issue.maximum) });
    case "invalid_format":
      return t("api.field.invalid_format");
    case "not_multiple_of":
      return t("api.field.not_multiple_of", { step: String(issue.divisor) });
    case "custom":
      // A refinement names its message in the catalogue: `params: { messageKey: "ns.key" }`.
      return typeof issue.params?.messageKey === "string" ? t(issue.params.messageKey) : t("api.field.invalid");
    default:
      return t("api.field.invalid");
  }
}

/**
 * Field messages keyed by the field's path without the `data` envelope
 * ("amount", not "data.amount"), as the site shows them under each field.
 */
export function fieldErrorsFromIssues(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const path = issue.path.map(String);
    if (path[0] === "data" && path.length > 1) path.shift();
    const key = path.join(".") || "_";
    (fields[key] ??= []).push(issueMessage(issue));
  }
  return fields;
}
