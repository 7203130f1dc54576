import type { ContactMessage } from "@shop/shared";

/** The subject of a reply: "Re: …", once (a reply to a reply does not pile them up). */
export function replySubject(subject: string): string {
  const trimmed = subject.trim();
  return /^re\s*:/i.test(trimmed) ? trimmed : `Re: ${trimmed}`;
}

/**
 * A mailto: link answering the message from the admin's own mail app, the subject filled in.
 * Encoded with encodeURIComponent (spaces as %20): mail apps read "+" as a plus sign.
 */
export function replyHref(message: Pick<ContactMessage, "email" | "subject">): string {
  return `mailto:${message.email}?subject=${encodeURIComponent(replySubject(message.subject))}`;
}

/** A message longer than this is folded: its start, then the whole of it on demand. */
export const MESSAGE_FOLD_CHARS = 280;

/** The start of a long message, cut at a word when one ends near the limit. */
export function messageExcerpt(text: string, max = MESSAGE_FOLD_CHARS): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
