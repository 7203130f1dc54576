import type { ContactMessage } from "@shop/shared";
import { Form } from "react-router";
import { formatShortDateTime } from "../orders/order-format";
import { MESSAGE_FOLD_CHARS, messageExcerpt, replyHref } from "./message-reply";

/**
 * A contact-form message: who, when, its subject and text, whether it was read (said in words,
 * not only by weight), a reply by e-mail, and a button marking it read or unread (a plain
 * form posted to the page's action, so it works without JavaScript).
 */
export function MessageCard({ message, busy }: { message: ContactMessage; busy: boolean }) {
  const headingId = `message-${message._id}`;
  const long = message.message.length > MESSAGE_FOLD_CHARS;
  return (
    <article
      aria-labelledby={headingId}
      className={`rounded-lg p-4 ring-1 ${message.read ? "bg-white ring-slate-200" : "bg-blue-50 ring-2 ring-blue-600"}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} className={`min-w-0 break-words ${message.read ? "font-semibold" : "font-extrabold"}`}>
          {message.subject}
        </h2>
        {message.read ? (
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-300">
            Lu
          </span>
        ) : (
          <span className="rounded-full bg-blue-700 px-2.5 py-0.5 text-xs font-bold text-white">Non lu</span>
        )}
      </div>
      <p className="mt-1 text-sm break-words text-slate-700">
        De <span className="font-semibold text-slate-900">{message.name}</span> ·{" "}
        <a href={`mailto:${message.email}`} className="text-brand underline">
          {message.email}
        </a>
      </p>
      <p className="text-sm text-slate-700">
        Reçu le <time dateTime={message.createdAt}>{formatShortDateTime(message.createdAt)}</time>
      </p>
      {long ? (
        <details className="group mt-2">
          <summary className="cursor-pointer">
            <span className="whitespace-pre-line break-words group-open:hidden">
              {messageExcerpt(message.message)}{" "}
            </span>
            <span className="font-semibold text-brand underline">
              <span className="group-open:hidden">Lire tout le message</span>
              <span className="hidden group-open:inline">Replier le message</span>
            </span>
          </summary>
          <p className="mt-2 whitespace-pre-line break-words">{message.message}</p>
        </details>
      ) : (
        <p className="mt-2 whitespace-pre-line break-words">{message.message}</p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <a
          href={replyHref(message)}
          className="inline-flex min-h-11 items-center rounded-full bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark"
        >
          Répondre par e-mail <span className="sr-only">à {message.name}</span>
        </a>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="id" value={message._id} />
          <input type="hidden" name="read" value={message.read ? "false" : "true"} />
          <button
            type="submit"
            disabled={busy}
            className="min-h-11 rounded-full px-4 py-2 text-sm font-semibold ring-1 ring-slate-400 hover:bg-slate-100 disabled:opacity-60"
          >
            {message.read ? "Marquer comme non lu" : "Marquer comme lu"}{" "}
            <span className="sr-only">: {message.subject}</span>
          </button>
        </Form>
      </div>
    </article>
  );
}
