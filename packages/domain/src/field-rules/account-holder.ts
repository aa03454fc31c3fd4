/**
 * Whose account the money goes to (issue 17 §4): a bank account's holder must be the person on
 * the KTP (or, for a partner, its legal name). Names are compared as the bank and the KTP may
 * write them differently: case, accents, punctuation, honorifics and academic or religious titles
 * ("Bpk", "Ibu", "Dr.", "S.E.", "H.", "Hj."), a company's legal form ("PT", "Tbk") and the order
 * of the words do not count; every other word must be the same. Pure, so the flow step, the
 * partner's settlement account and any payout check it alike, with or without the provider's
 * account-name inquiry.
 */

/** Titles and legal forms as written without their dots and in lower case. */
const TITLES = new Set([
  // honorifics
  "bpk", "bapak", "pak", "ibu", "bu", "sdr", "sdri", "saudara", "saudari", "tn", "tuan", "ny", "nyonya", "nn", "nona", "mr", "mrs", "ms",
  // religious
  "h", "hj", "haji", "hajjah", "hajah", "kh", "ust", "ustadz", "ustadzah",
  // academic and professional
  "dr", "drs", "dra", "ir", "prof", "se", "sh", "st", "sp", "ss", "si", "ssi", "skom", "spd", "spdi", "ssos", "sked", "sag", "spsi", "sfarm",
  "skep", "sip", "shut", "ssn", "sak", "str", "stp", "sgz", "amd", "amdkeb", "amdkep", "mm", "msi", "mt", "mh", "mkom", "mpd", "mag", "ma",
  "mba", "msc", "bsc", "phd", "mkes", "spog", "spa", "sppd", "ak", "cpa",
  // legal forms of a company
  "pt", "cv", "tbk", "persero", "ud", "fa",
]);

/** The name's words that count, in lower case without accents or punctuation, sorted. */
export function holderNameWords(name: string): string[] {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[()]/g, " ")
    .replace(/['’`]/g, "")
    .split(/[\s,;/-]+/)
    .flatMap(words)
    .sort();
}

/** One written word: a title with its dots ("S.Kom.") is dropped whole; "Dr.Budi" is "budi". */
function words(written: string): string[] {
  if (TITLES.has(written.replace(/\./g, ""))) return [];
  return written.split(".").filter((word) => word !== "" && !TITLES.has(word));
}

/** True when the holder and the identity's name have the same words once titles, case, punctuation and order are set aside. */
export function holderMatchesName(holder: string, identityName: string): boolean {
  const a = holderNameWords(holder);
  const b = holderNameWords(identityName);
  return a.length > 0 && a.length === b.length && a.every((word, i) => word === b[i]);
}
