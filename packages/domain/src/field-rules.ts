import type { FieldTemplateKey, FieldValue, FormField } from "@pinjaman/contracts/flows";
import { t } from "@pinjaman/i18n";
import { parseIsoDate } from "./dates.ts";
import { isAddressCodeShape } from "./field-rules/address-code.ts";
import { regionCodeFromNik } from "./field-rules/personal-code.ts";
import { isIndonesianPhone } from "./field-rules/phone.ts";
import { formatSliderValue } from "./field-rules/slider.ts";
import { parseUploadedFile } from "./field-rules/uploaded-file.ts";
import { NIK_LENGTH, checkNikAge, isValidNikFormat } from "./nik.ts";
import "@pinjaman/i18n/ns/fields";
import "@pinjaman/i18n/ns/validation";

export { normalizeIndonesianPhone, isIndonesianPhone, nationalPhoneDigits } from "./field-rules/phone.ts";
export { regionCodeFromNik, PROVINCE_CODES } from "./field-rules/personal-code.ts";
export { sliderValue, formatSliderValue } from "./field-rules/slider.ts";
export { parseUploadedFile } from "./field-rules/uploaded-file.ts";
export type { UploadedFile } from "./field-rules/uploaded-file.ts";

/**
 * The field templates' rules (spec sections 3-5), shared by the server, which checks every
 * field on a movement, and the site, which checks what it can for speed. Pure: the only clock
 * is `today` (yyyy-mm-dd, Jakarta) for the NIK age rule.
 */

export type CheckedField = Pick<FormField, "key" | "templateKey" | "required" | "readOnly" | "rangeValues" | "options" | "config">;

export const TEXT_MAX_LENGTH = 200;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 10;
/** The auth contract's limit on a password (packages/contracts/src/auth.ts). */
export const PASSWORD_MAX_LENGTH = 200;
export const AFFILIATE_MAX_LENGTH = 200;

/** The e-mail pattern zod's z.email() uses, so a flow and the auth calls agree on an address. */
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
/** "latitude, longitude" as the geolocation field stores it. */
const LAT_LNG = /^(-?\d{1,3}(?:\.\d+)?),\s*(-?\d{1,3}(?:\.\d+)?)$/;

/** The password rule of every form that sets one: 10 characters or more with a letter and a digit. */
export function isStrongPassword(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && /\p{L}/u.test(password) && /\p{Nd}/u.test(password);
}

export function isEmailAddress(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL.test(value);
}

/** True for "latitude, longitude" with latitude in [-90, 90] and longitude in [-180, 180]. */
export function isLatLng(value: string): boolean {
  const match = LAT_LNG.exec(value.trim());
  if (!match) return false;
  const lat = Number(match[1]);
  const lng = Number(match[2]);
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
}

/** Templates that carry no value of their own (a button, a countdown, a link to read). */
const VALUELESS: ReadonlySet<FieldTemplateKey> = new Set(["text_link", "delayed_button", "resend_code"]);

function isEmpty(value: FieldValue | undefined, template: FieldTemplateKey): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === "string") return value.trim() === "";
  if (value === false) return template === "checkbox" || template === "terms";
  return false;
}

function requiredMessage(template: FieldTemplateKey): string {
  if (template === "checkbox") return t("fields.rules.checkbox_required");
  if (template === "terms") return t("fields.rules.terms_required");
  return t("fields.rules.required");
}

const invalid = () => [t("fields.rules.invalid")];
const tooLong = (value: string, max: number) => (value.length > max ? [t("fields.rules.too_long", { max })] : []);

type Rule = (value: Exclude<FieldValue, null>, field: CheckedField, today: string) => string[];

function stringRule(check: (value: string, field: CheckedField, today: string) => string[]): Rule {
  return (value, field, today) => (typeof value === "string" ? check(value, field, today) : invalid());
}

function booleanRule(value: Exclude<FieldValue, null>): string[] {
  return typeof value === "boolean" ? [] : invalid();
}

function checkPersonalCode(code: string, today: string): string[] {
  const errors: string[] = [];
  const digits = new RegExp(`^\\d{${NIK_LENGTH}}$`).test(code);
  if (!digits) errors.push(t("fields.rules.nik_length"));
  else if (!isValidNikFormat(code)) errors.push(t("fields.rules.nik_birth_date"));
  else if (!regionCodeFromNik(code)) errors.push(t("fields.rules.nik_region"));
  // The age rule holds from 12 characters on, whatever else is wrong (spec section 5).
  const age = checkNikAge(code, today);
  if (!age.valid) errors.push(age.message);
  return errors;
}

function checkOption(value: string, field: CheckedField): string[] {
  // Without options (filled elsewhere) only the value's presence can be checked here.
  if (!field.options) return [];
  return field.options.some((option) => option.value === value) ? [] : [t("fields.rules.option_invalid")];
}

function checkSlider(value: Exclude<FieldValue, null>, field: CheckedField): string[] {
  const number = typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
  if (typeof number !== "number" || !Number.isFinite(number)) return invalid();
  if (!Number.isInteger(number)) return [t("fields.rules.whole_number")];
  const allowed = field.rangeValues ?? [];
  if (allowed.length === 0 || allowed.includes(number)) return [];
  const unit = field.config?.unit;
  const min = formatSliderValue(Math.min(...allowed), unit);
  const max = formatSliderValue(Math.max(...allowed), unit);
  return [t("fields.rules.range", { min, max })];
}

function checkFile(value: string, field: CheckedField): string[] {
  const file = parseUploadedFile(value);
  if (!file) return [t("fields.rules.file_invalid")];
  const accept = field.config?.accept;
  if (accept && accept.length > 0 && !accept.includes(file.metadata.mime_type)) return [t("fields.rules.file_type")];
  const maxSize = field.config?.max_size;
  if (maxSize !== undefined && file.metadata.size > maxSize) {
    return [t("fields.rules.file_size", { max: Math.floor(maxSize / (1024 * 1024)) })];
  }
  return [];
}

function checkAddress(value: string, field: CheckedField): string[] {
  const type = field.config?.address_type;
  if (!type || isAddressCodeShape(type, value)) return [];
  return [type === "postal_code" ? t("fields.rules.postal_code_invalid") : t("fields.rules.address_invalid")];
}

const noRule: Rule = () => [];

const RULES: Readonly<Record<FieldTemplateKey, Rule>> = {
  text: stringRule((value) => tooLong(value, TEXT_MAX_LENGTH)),
  email: stringRule((value) => (isEmailAddress(value.trim()) ? [] : [t("fields.rules.email_invalid")])),
  password: stringRule((value) =>
    value.length > PASSWORD_MAX_LENGTH
      ? [t("fields.rules.too_long", { max: PASSWORD_MAX_LENGTH })]
      : isStrongPassword(value)
        ? []
        : [t("fields.rules.password_weak")],
  ),
  phone: stringRule((value) => (isIndonesianPhone(value) ? [] : [t("fields.rules.phone_invalid")])),
  personal_code_input: stringRule((value, _field, today) => checkPersonalCode(value, today)),
  date: stringRule((value) => (parseIsoDate(value) ? [] : [t("fields.rules.date_invalid")])),
  select: stringRule(checkOption),
  search_dropdown: stringRule(checkOption),
  slider: checkSlider,
  checkbox: booleanRule,
  terms: booleanRule,
  text_link: noRule,
  geolocation: stringRule((value) => (isLatLng(value) ? [] : [t("fields.rules.geolocation_invalid")])),
  customer_affiliate: stringRule((value) => tooLong(value, AFFILIATE_MAX_LENGTH)),
  delayed_button: noRule,
  resend_code: noRule,
  voice_recording: stringRule(() => []),
  // The widget may report "finished" as true or with the provider's connection id.
  open_banking: (value) => (typeof value === "string" || value === true ? [] : invalid()),
  camera_front: stringRule(checkFile),
  camera_rear: stringRule(checkFile),
  file_upload: stringRule(checkFile),
  address: stringRule(checkAddress),
};

/**
 * The messages for one field's value; [] when it is fine. An empty value (null, blank text,
 * an unticked checkbox or terms) is refused only when the field is required and editable: a
 * read-only field is filled by the server, not the person. Geolocation is never required:
 * a browser that refuses the position must not hold the customer back (failures are logged).
 */
export function checkFieldValue(field: CheckedField, value: FieldValue, today: string): string[] {
  const template = field.templateKey;
  if (VALUELESS.has(template)) return [];
  if (isEmpty(value, template)) {
    return field.required && !field.readOnly && template !== "geolocation" ? [requiredMessage(template)] : [];
  }
  return RULES[template](value as Exclude<FieldValue, null>, field, today);
}
