/** The sandbox outbox (GET pub_api/v1/open/sandbox/outbox): what the sandbox mail and SMS adapters sent. */

export const OUTBOX_URL = "/pub_api/v1/open/sandbox/outbox";

export type OutboxMessage = {
  id: number | string;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  created_at: string;
};

/** Newest first, whatever order the server used; equal times by id, higher first. */
export function newestFirst(messages: readonly OutboxMessage[]): OutboxMessage[] {
  return [...messages].sort((a, b) => {
    const byTime = Date.parse(b.created_at) - Date.parse(a.created_at);
    if (byTime !== 0 && !Number.isNaN(byTime)) return byTime;
    return String(b.id).localeCompare(String(a.id), undefined, { numeric: true });
  });
}

export type BodyPart = { text: string } | { href: string };

const URL_PATTERN = /(https?:\/\/[^\s<>"']*[^\s<>"'.,;:!?)\]])/g;

/** A message body split into text and links (http and https URLs), for rendering. */
export function linkParts(body: string): BodyPart[] {
  const parts: BodyPart[] = [];
  let last = 0;
  for (const match of body.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    if (start > last) parts.push({ text: body.slice(last, start) });
    parts.push({ href: match[0] });
    last = start + match[0].length;
  }
  if (last < body.length) parts.push({ text: body.slice(last) });
  return parts;
}
