import type { AdminOrder } from "@shop/shared";
import { orderStatusWhatsappMessage } from "@shop/shared/back-office";
import { ORDER_STATUS_LABELS } from "@shop/shared/core";
import { useEffect, useRef } from "react";
import { toast } from "../../../components/ui/toast";
import type { StatusChangeResult } from "./change-status.server";
import { amountsOf, customerWhatsappHref } from "./order-format";

/**
 * What the status form's answer says, beside the form: a change done (the toast announces it;
 * this stays on the page after the toast closes), or the server's refusal. The message takes
 * the focus: the button that was pressed may be gone with the old status.
 */
export function StatusResult({ result }: { result?: StatusChangeResult }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!result) return;
    if (result.ok) toast.success(result.message);
    box.current?.focus();
  }, [result]);
  return (
    <div ref={box} tabIndex={-1} className="outline-none empty:hidden">
      {result?.ok && (
        <p className="rounded-md bg-green-50 p-3 font-medium text-green-900 ring-1 ring-green-200">
          {result.message} Nouveau statut : {ORDER_STATUS_LABELS[result.status]}.
        </p>
      )}
      {result && !result.ok && (
        <p role="alert" className="rounded-md bg-red-50 p-3 font-medium text-red-800 ring-1 ring-red-200">
          {result.message}
        </p>
      )}
    </div>
  );
}

/**
 * The WhatsApp message to the customer about the order's current status: highlighted right
 * after a change, always there otherwise. The text is shown, so the admin knows what is sent.
 */
export function CustomerWhatsapp({ order, justChanged }: { order: AdminOrder; justChanged: boolean }) {
  return (
    <div className={`rounded-lg p-3 ${justChanged ? "bg-green-50 ring-2 ring-green-700" : "bg-slate-50"}`}>
      {justChanged && <p className="mb-2 font-semibold text-green-900">Prévenez le client de son nouveau statut :</p>}
      <a
        href={customerWhatsappHref(order)}
        target="_blank"
        rel="noopener noreferrer"
        className="block rounded-full bg-green-700 px-5 py-3 text-center font-semibold text-white hover:bg-green-800 sm:inline-block"
      >
        Prévenir le client sur WhatsApp
      </a>
      <p className="mt-2 text-sm text-slate-700">
        Message : « {orderStatusWhatsappMessage(order.reference, order.status, order.name, amountsOf(order))} »
      </p>
      {!order.phone && (
        <p className="mt-1 text-sm text-slate-700">
          Cette commande n'a pas de numéro : WhatsApp vous demandera à quelle discussion envoyer le message.
        </p>
      )}
    </div>
  );
}
