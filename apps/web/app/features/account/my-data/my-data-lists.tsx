import type { MyData } from "@shop/shared";
import { lineName } from "@shop/shared/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatDateTime } from "../../../lib/format-date";

/** One part of the page: a titled region (its heading names it for screen readers). */
export function MyDataSection({
  id,
  title,
  tone = "plain",
  children,
}: {
  id: string;
  title: string;
  tone?: "plain" | "danger";
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`mt-8 ${tone === "danger" ? "rounded-lg bg-red-50 p-4 text-red-950 ring-2 ring-red-700" : ""}`}
    >
      <h2 id={id} className="scroll-mt-28 text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

const Nothing = () => <p className="mt-2 text-slate-700">Rien.</p>;

/** A short list, or 'Rien.'. */
function List<T>({ items, children }: { items: readonly T[]; children: (item: T) => ReactNode }) {
  if (items.length === 0) return <Nothing />;
  return (
    <ul className="mt-2 divide-y divide-slate-200 rounded-lg bg-white px-3 ring-1 ring-slate-200">
      {items.map((item, i) => (
        // Rows without an id of their own, drawn once and never reordered.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <li key={i} className="py-2 text-sm break-words">
          {children(item)}
        </li>
      ))}
    </ul>
  );
}

const When = ({ iso }: { iso: string }) => <time dateTime={iso}>{formatDateTime(iso)}</time>;

export function MyCart({ cart }: { cart: MyData["cart"] }) {
  return (
    <List items={cart}>
      {(line) => (
        <>
          {lineName(line.productName, line.variantLabel)} × {line.quantity}
        </>
      )}
    </List>
  );
}

export function MyReviews({ reviews }: { reviews: MyData["reviews"] }) {
  return (
    <List items={reviews}>
      {(review) => (
        <>
          <p className="font-medium">
            {review.productName} : {review.rating}/5
          </p>
          <p className="text-slate-700">
            Le <When iso={review.createdAt} />
          </p>
          {review.comment && <p className="whitespace-pre-line">« {review.comment} »</p>}
        </>
      )}
    </List>
  );
}

export function MyMessages({ messages }: { messages: MyData["messages"] }) {
  return (
    <List items={messages}>
      {(message) => (
        <>
          <p className="font-medium">{message.subject || "Sans objet"}</p>
          <p className="text-slate-700">
            Envoyé le <When iso={message.createdAt} /> · {message.read ? "Lu par la boutique" : "Pas encore lu"}
          </p>
          <p className="whitespace-pre-line">{message.message}</p>
        </>
      )}
    </List>
  );
}

export function MyStockAlerts({ alerts }: { alerts: MyData["stockAlerts"] }) {
  return (
    <List items={alerts}>
      {(alert) => (
        <>
          <p className="font-medium">{alert.productName}</p>
          <p className="text-slate-700">
            Numéro : {alert.phone} · demandé le <When iso={alert.createdAt} />
          </p>
          <p className="text-slate-700">
            {alert.notifiedAt ? (
              <>
                Prévenu le <When iso={alert.notifiedAt} />
              </>
            ) : (
              "Pas encore prévenu"
            )}
          </p>
        </>
      )}
    </List>
  );
}

/** "2 appareils connectés", then the page where they are managed. */
export function CountAndLink({
  count,
  words,
  to,
  label,
}: {
  count: number;
  words: [string, string];
  to: string;
  label: string;
}) {
  return (
    <p className="mt-2 text-slate-700">
      {count === 0 ? `Aucun ${words[0]}.` : `${count} ${count > 1 ? words[1] : words[0]}.`}{" "}
      <Link to={to} className="inline-flex min-h-11 items-center font-semibold text-brand underline">
        {label}
      </Link>
    </p>
  );
}

const RESET_CHANNELS: Record<string, string> = { email: "par e-mail", whatsapp: "par WhatsApp" };

export function MyPasswordResets({ resets }: { resets: MyData["passwordResets"] }) {
  return (
    <List items={resets}>
      {(reset) => (
        <>
          Demandé le <When iso={reset.createdAt} /> {RESET_CHANNELS[reset.channel] ?? reset.channel} ·{" "}
          {reset.usedAt ? (
            <>
              utilisé le <When iso={reset.usedAt} />
            </>
          ) : (
            "pas utilisé"
          )}
        </>
      )}
    </List>
  );
}

/** The staff's browsers that receive the back-office's notifications. */
export function MyNotificationDevices({ devices }: { devices: MyData["notificationDevices"] }) {
  return (
    <List items={devices}>
      {(device) => (
        <>
          {device.service} · depuis le <When iso={device.createdAt} />
        </>
      )}
    </List>
  );
}
