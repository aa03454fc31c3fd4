import { t } from "@pinjaman/i18n";
import "@pinjaman/i18n/ns/delivery";

/** A mail as the provider gets it: both parts built from one text in the catalogue. */
export type RenderedMail = { subject: string; text: string; html: string };

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes text for HTML element content and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

const URL_PATTERN = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g;

/** One line of the text part as HTML: escaped, its http(s) links made clickable. */
function lineToHtml(line: string): string {
  let html = "";
  let last = 0;
  for (const match of line.matchAll(URL_PATTERN)) {
    const url = match[0];
    html += escapeHtml(line.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}" style="color:#0b5cad">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(line.slice(last));
}

/**
 * The mail layout of the catalogue (namespace `delivery`) around a message's text, which the
 * caller took from the catalogue too (`authy.mail.login_code.body`…): the text part is the text
 * and the footer; the HTML part has the same words, every one escaped (a customer's name is
 * data), paragraphs at blank lines and links clickable.
 */
export function renderMail({ subject, body }: { subject: string; body: string }): RenderedMail {
  const footer = [t("delivery.mail.never_ask"), t("delivery.mail.footer"), t("delivery.mail.regulated")];
  const text = `${body.trimEnd()}\n\n-- \n${footer.join("\n")}\n`;
  const paragraphs = body
    .trim()
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 16px">${p.split("\n").map(lineToHtml).join("<br>")}</p>`)
    .join("\n");
  const html = `<!doctype html>
<html lang="id">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f6f8">
<div style="max-width:560px;margin:0 auto;padding:24px 16px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a">
<div style="font-size:20px;font-weight:bold;margin:0 0 16px">${escapeHtml(t("delivery.mail.brand"))}</div>
<div style="background:#ffffff;border-radius:8px;padding:24px 16px">
${paragraphs}
</div>
<div style="font-size:13px;color:#555555;margin:16px 0 0">${footer.map((line) => `<p style="margin:0 0 8px">${escapeHtml(line)}</p>`).join("")}</div>
</div>
</body>
</html>
`;
  return { subject, text, html };
}
