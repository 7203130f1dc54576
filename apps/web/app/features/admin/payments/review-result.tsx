import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { toast } from "../../../components/ui/toast";
import { adminOrderHref } from "../orders/order-card";
import type { PaymentReviewResult } from "./review-payment.server";

/**
 * What approving or rejecting answered, above the payments: done (the toast announces it; this
 * stays after the toast closes) or the server's refusal (409: another admin was quicker). The
 * message takes the focus, the buttons pressed being gone with the payment. A refused reason
 * is said under its field instead (PaymentReviewActions).
 */
export function PaymentReviewMessage({ result }: { result?: PaymentReviewResult }) {
  const box = useRef<HTMLDivElement>(null);
  const shown = result && !result.reasonError ? result : undefined;
  useEffect(() => {
    if (!shown) return;
    if (shown.ok) toast.success(shown.message);
    box.current?.focus();
  }, [shown]);
  return (
    <div ref={box} tabIndex={-1} className="outline-none empty:hidden">
      {shown && (
        <p
          role={shown.ok ? undefined : "alert"}
          className={`rounded-md p-3 font-medium ring-1 ${shown.ok ? "bg-green-50 text-green-900 ring-green-200" : "bg-red-50 text-red-800 ring-red-200"}`}
        >
          {shown.message}
          {shown.reference && (
            <>
              {" "}
              <Link to={adminOrderHref(shown.reference)} className="font-semibold underline">
                Commande {shown.reference}
              </Link>
            </>
          )}
        </p>
      )}
    </div>
  );
}
