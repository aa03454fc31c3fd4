/** "budi@pinjaman.test" → "b***@pinjaman.test": enough to recognise, too little to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "***";
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/** "+6281234567890" → "+62*******7890": the country prefix and the last four digits. */
export function maskPhone(phone: string): string {
  const compact = phone.replace(/[\s-]/g, "");
  if (compact.length <= 6) return "***";
  const head = compact.startsWith("+") ? compact.slice(0, 3) : compact.slice(0, 2);
  return `${head}${"*".repeat(Math.max(3, compact.length - head.length - 4))}${compact.slice(-4)}`;
}
