import { t } from "@pinjaman/i18n";
import { useEffect, useEffectEvent, useState } from "react";
import type { FieldRendererProps } from "./field-props.ts";
import { FieldFrame } from "./field-frame.tsx";
import "@pinjaman/i18n/ns/fields";

type Status = "locating" | "found" | "unavailable";

/** "latitude, longitude" with 6 decimals (about 11 cm), as the consent evidence stores it. */
export function formatPosition(latitude: number, longitude: number): string {
  return `${latitude.toFixed(6)}, ${longitude.toFixed(6)}`;
}

/**
 * Reads the browser's position once, when the field is created (spec section 4), and stores
 * "latitude, longitude". A refusal or a missing API is only logged: the customer goes on.
 */
export default function GeolocationField({ field, onChange, errors }: FieldRendererProps) {
  const [status, setStatus] = useState<Status>("locating");
  const store = useEffectEvent((position: string) => onChange(position));

  useEffect(() => {
    let live = true;
    const fail = (reason: unknown) => {
      console.warn("[geolocation] position not available", reason);
      if (live) setStatus("unavailable");
    };
    const geolocation = typeof navigator === "undefined" ? undefined : navigator.geolocation;
    if (!geolocation) {
      queueMicrotask(() => fail("navigator.geolocation missing"));
    } else {
      geolocation.getCurrentPosition(
        (position) => {
          if (!live) return;
          store(formatPosition(position.coords.latitude, position.coords.longitude));
          setStatus("found");
        },
        (error) => fail(error.message),
        { enableHighAccuracy: false, maximumAge: 60_000, timeout: 20_000 },
      );
    }
    return () => {
      live = false;
    };
  }, []);

  return (
    <FieldFrame field={field} errors={errors} labelMode="none">
      {({ id }) => (
        <p id={id} className="flow-field__status" role="status">
          {t(`fields.geolocation.${status}`)}
        </p>
      )}
    </FieldFrame>
  );
}
