import type { FieldTemplateKey } from "@pinjaman/contracts/flows";
import { t } from "@pinjaman/i18n";
import { Suspense, lazy, type ComponentType } from "react";
import CheckboxField from "./checkbox-field.tsx";
import CustomerAffiliateField from "./customer-affiliate-field.tsx";
import DateField from "./date-field.tsx";
import DelayedButtonField from "./delayed-button-field.tsx";
import EmailField from "./email-field.tsx";
import type { FieldRendererProps } from "./field-props.ts";
import GeolocationField from "./geolocation-field.tsx";
import PasswordField from "./password-field.tsx";
import PersonalCodeField from "./personal-code-field.tsx";
import PhoneField from "./phone-field.tsx";
import ResendCodeField from "./resend-code-field.tsx";
import SearchDropdownField from "./search-dropdown-field.tsx";
import SelectField from "./select-field.tsx";
import SliderField from "./slider-field.tsx";
import TermsField from "./terms-field.tsx";
import TextField from "./text-field.tsx";
import TextLinkField from "./text-link-field.tsx";
import "@pinjaman/i18n/ns/fields";

type FieldRenderer = ComponentType<FieldRendererProps>;

/** The placeholder while a heavy renderer's chunk loads. */
export function FieldLoading() {
  return (
    <div className="field flow-field flow-field--loading" role="status">
      {t("fields.loading")}
    </div>
  );
}

/**
 * Heavy renderers (camera, uploads, voice, open banking, the address chain) are separate chunks,
 * fetched only when a step shows one (issue 4: first-load JS of a flow step ≤ 1.4 × the empty app).
 */
function lazyField(load: () => Promise<{ default: FieldRenderer }>): FieldRenderer {
  const Lazy = lazy(load);
  function LazyField(props: FieldRendererProps) {
    return (
      <Suspense fallback={<FieldLoading />}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyField;
}

const CameraField = lazyField(() => import("./camera-field.tsx"));

/** One renderer per templateKey (DESIGN.md section 5); the flow page renders a step through it. */
export const FIELD_RENDERERS: Readonly<Record<FieldTemplateKey, FieldRenderer>> = {
  text: TextField,
  email: EmailField,
  password: PasswordField,
  phone: PhoneField,
  personal_code_input: PersonalCodeField,
  date: DateField,
  select: SelectField,
  search_dropdown: SearchDropdownField,
  slider: SliderField,
  checkbox: CheckboxField,
  terms: TermsField,
  text_link: TextLinkField,
  camera_front: CameraField,
  camera_rear: CameraField,
  file_upload: lazyField(() => import("./file-upload-field.tsx")),
  geolocation: GeolocationField,
  customer_affiliate: CustomerAffiliateField,
  delayed_button: DelayedButtonField,
  resend_code: ResendCodeField,
  voice_recording: lazyField(() => import("./voice-recording-field.tsx")),
  open_banking: lazyField(() => import("./open-banking-field.tsx")),
  address: lazyField(() => import("./address-field.tsx")),
};

/** Renders a field with its template's renderer. */
export function FieldRenderer(props: FieldRendererProps) {
  const Renderer = FIELD_RENDERERS[props.field.templateKey];
  return <Renderer {...props} />;
}
