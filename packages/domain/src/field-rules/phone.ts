/**
 * Indonesian mobile numbers (spec section 4: the phone input has a fixed +62 prefix). The
 * site shows "+62" as a fixed part and stores the whole number in E.164.
 */

/** The national part after +62: a mobile number starts with 8 and has 9-13 digits. */
export const PHONE_E164 = /^\+628\d{8,12}$/;

/**
 * What a person types after the fixed "+62" → "+62…": anything but digits is dropped, then a
 * leading 0 (trunk prefix) or a repeated 62 country code before the 8 of a mobile number.
 * Empty input gives "" (nothing stored). The result is not guaranteed valid: isIndonesianPhone
 * says whether it is, so a half-typed number still reaches the server's message.
 */
export function normalizeIndonesianPhone(input: string): string {
  let digits = input.replace(/\D/g, "");
  if (digits.startsWith("0")) digits = digits.replace(/^0+/, "");
  else if (/^628/.test(digits)) digits = digits.slice(2);
  return digits === "" ? "" : `+62${digits}`;
}

/** The national part of a stored number, for showing after the fixed prefix. */
export function nationalPhoneDigits(stored: string): string {
  return stored.startsWith("+62") ? stored.slice(3) : stored.replace(/\D/g, "");
}

export function isIndonesianPhone(stored: string): boolean {
  return PHONE_E164.test(stored);
}
