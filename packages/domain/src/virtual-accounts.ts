/**
 * Virtual accounts (VA) a loan is repaid into: one per bank channel, numbered as each bank
 * numbers them (decision 0012). A number is the bank's fixed code for the platform (company code,
 * client id, institution code, biller code or prefix) followed by the customer number, which is
 * one value of a database sequence shared by all channels of a loan, zero-padded to the channel's
 * width. Distinct sequence values therefore never give one number twice on a channel.
 */

export const VIRTUAL_ACCOUNT_CHANNELS = ["bca_va", "bni_va", "bri_va", "mandiri_va", "permata_va", "cimb_va"] as const;
export type VirtualAccountChannel = (typeof VIRTUAL_ACCOUNT_CHANNELS)[number];

export interface ChannelFormat {
  /** Digits of the bank's code for the platform (what the bank assigns). */
  codeDigits: number;
  /** A fixed lead before the code (BNI's 988), "" when none. */
  lead: string;
  /** Digits of the customer number after the code. */
  customerDigits: number;
}

/**
 * BCA: 5-digit company code + 11-digit customer number (16).
 * BNI: 988 + 5-digit client id + 8-digit number (16).
 * BRI (BRIVA): 5-digit institution code + 10-digit customer number (15).
 * Mandiri: 5-digit biller code + 11-digit number (16).
 * Permata: 4-digit prefix + 12-digit number (16).
 * CIMB Niaga: 4-digit company code + 12-digit number (16).
 */
export const CHANNEL_FORMATS: Readonly<Record<VirtualAccountChannel, ChannelFormat>> = {
  bca_va: { lead: "", codeDigits: 5, customerDigits: 11 },
  bni_va: { lead: "988", codeDigits: 5, customerDigits: 8 },
  bri_va: { lead: "", codeDigits: 5, customerDigits: 10 },
  mandiri_va: { lead: "", codeDigits: 5, customerDigits: 11 },
  permata_va: { lead: "", codeDigits: 4, customerDigits: 12 },
  cimb_va: { lead: "", codeDigits: 4, customerDigits: 12 },
};

export type ChannelCodes = Readonly<Record<VirtualAccountChannel, string>>;

/** The sandbox's codes (configuration: production codes come from the banks' agreements). */
export const SANDBOX_CHANNEL_CODES: ChannelCodes = {
  bca_va: "39358",
  bni_va: "81234",
  bri_va: "77777",
  mandiri_va: "88908",
  permata_va: "8528",
  cimb_va: "5919",
};

/** The largest customer number every channel can hold (the narrowest width, BNI's 8 digits). */
export const MAX_CUSTOMER_NUMBER = 10 ** Math.min(...VIRTUAL_ACCOUNT_CHANNELS.map((c) => CHANNEL_FORMATS[c].customerDigits)) - 1;

export function isVirtualAccountChannel(value: unknown): value is VirtualAccountChannel {
  return typeof value === "string" && (VIRTUAL_ACCOUNT_CHANNELS as readonly string[]).includes(value);
}

/** The VA number of a channel for a customer number (1 … MAX_CUSTOMER_NUMBER); throws on a bad code. */
export function virtualAccountNumber(channel: VirtualAccountChannel, codes: ChannelCodes, customerNumber: number): string {
  const format = CHANNEL_FORMATS[channel];
  const code = codes[channel];
  if (!new RegExp(`^\\d{${format.codeDigits}}$`).test(code)) throw new RangeError(`${channel} code must be ${format.codeDigits} digits, got ${code}`);
  if (!Number.isSafeInteger(customerNumber) || customerNumber < 1 || customerNumber > MAX_CUSTOMER_NUMBER) {
    throw new RangeError(`customer number must be 1..${MAX_CUSTOMER_NUMBER}, got ${customerNumber}`);
  }
  return `${format.lead}${code}${String(customerNumber).padStart(format.customerDigits, "0")}`;
}

/**
 * Reads the banks' codes from configuration text "bca_va:39358,bni_va:81234,…" (every channel
 * once, each code of its channel's width). Returns the codes, or the problem as a sentence.
 */
export function parseChannelCodes(text: string): ChannelCodes | string {
  const codes: Partial<Record<VirtualAccountChannel, string>> = {};
  for (const entry of text.split(",")) {
    const [channel, code, extra] = entry.trim().split(":");
    if (!isVirtualAccountChannel(channel) || code === undefined || extra !== undefined) return `"${entry.trim()}" is not channel:code with a channel of ${VIRTUAL_ACCOUNT_CHANNELS.join(", ")}`;
    if (!new RegExp(`^\\d{${CHANNEL_FORMATS[channel].codeDigits}}$`).test(code)) return `${channel} needs a ${CHANNEL_FORMATS[channel].codeDigits}-digit code`;
    if (codes[channel] !== undefined) return `${channel} is given twice`;
    codes[channel] = code;
  }
  const missing = VIRTUAL_ACCOUNT_CHANNELS.filter((c) => codes[c] === undefined);
  return missing.length > 0 ? `missing ${missing.join(", ")}` : (codes as ChannelCodes);
}

/** The bank's code inside a stored VA number (the part after the lead), e.g. Mandiri's biller code. */
export function channelCodeOf(channel: VirtualAccountChannel, number: string): string {
  const f = CHANNEL_FORMATS[channel];
  return number.slice(f.lead.length, f.lead.length + f.codeDigits);
}

/** Whether a number has the channel's shape (lead, code width, total length, digits only). */
export function hasChannelFormat(channel: VirtualAccountChannel, number: string): boolean {
  const f = CHANNEL_FORMATS[channel];
  return new RegExp(`^${f.lead}\\d{${f.codeDigits + f.customerDigits}}$`).test(number);
}
