import type { StockAlert } from "@shop/shared";
import { restockWhatsappMessage, whatsappLink } from "@shop/shared/core";
import { Form } from "react-router";
import { displayPhone } from "../../../lib/format-phone";
import { formatShortDateTime, phoneDigits } from "../orders/order-format";
import { variantName } from "./stock-format";

/** The one-tap WhatsApp message to a visitor whose variant is back: to their number, the text ready. */
export function restockHref(shopName: string, alert: StockAlert): string {
  return whatsappLink(
    phoneDigits(alert.phone),
    restockWhatsappMessage(shopName, alert.productName, alert.label, alert.stopPromotionsUrl),
  );
}

/**
 * 'Prévenez-moi' requests to answer (decision 024): visitors who left their number on a
 * sold-out variant that can be bought again, oldest first. Each has its WhatsApp message,
 * ready to send, and 'Marquer comme prévenu' once it is sent (the request then leaves the list).
 */
export function RestockList({
  alerts,
  shopName,
  busy,
}: {
  alerts: readonly StockAlert[];
  shopName: string;
  busy: boolean;
}) {
  if (alerts.length === 0) return <p className="text-slate-700">Aucun client à prévenir pour le moment.</p>;
  return (
    <ul className="space-y-3">
      {alerts.map((alert) => {
        const phone = displayPhone(phoneDigits(alert.phone));
        return (
          <li key={alert._id}>
            <article aria-labelledby={`alert-${alert._id}`} className="rounded-lg bg-white p-3 ring-1 ring-slate-200">
              <h3 id={`alert-${alert._id}`} className="font-semibold break-words">
                {variantName(alert)}
              </h3>
              <p className="text-sm text-slate-700">
                <span className="font-semibold text-slate-900">{phone}</span> · demandé le{" "}
                <time dateTime={alert.createdAt}>{formatShortDateTime(alert.createdAt)}</time>
              </p>
              {/* The message ends with a long link: broken anywhere rather than widen a phone's screen. */}
              <p className="mt-1 text-sm text-slate-700 [overflow-wrap:anywhere]">
                Message : « {restockWhatsappMessage(shopName, alert.productName, alert.label, alert.stopPromotionsUrl)}{" "}
                »
              </p>
              <div className="mt-2 flex flex-col gap-2 sm:flex-row">
                <a
                  href={restockHref(shopName, alert)}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Prévenir sur WhatsApp le ${phone}`}
                  className="inline-flex min-h-11 items-center justify-center rounded-full bg-green-700 px-5 font-semibold text-white hover:bg-green-800"
                >
                  Prévenir sur WhatsApp
                </a>
                <Form method="post">
                  <input type="hidden" name="intent" value="notified" />
                  <input type="hidden" name="id" value={alert._id} />
                  <button
                    type="submit"
                    disabled={busy}
                    aria-label={`Marquer comme prévenu : ${phone}`}
                    className="min-h-11 w-full rounded-full border border-brand px-5 font-semibold text-brand hover:bg-brand hover:text-white disabled:cursor-not-allowed disabled:opacity-60 sm:w-auto"
                  >
                    Marquer comme prévenu
                  </button>
                </Form>
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
