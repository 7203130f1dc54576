import type { PromotionsChoice } from "@shop/shared";
import { Form, useNavigation } from "react-router";
import { formatDate } from "../../../lib/format-date";
import { MY_DATA_INTENTS, RECEIVE } from "./my-data-form";

const buttonClass =
  "mt-3 min-h-11 w-full rounded-full px-5 py-3 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-70 sm:w-auto";

/**
 * 'Promotions et rappels' (decision 043): what the person chose, and one button to change it.
 * The choice covers the account's e-mail and the numbers of its orders; messages about an
 * order go on whatever it is. A plain form: without scripts the page comes back with the
 * API's words at the top; with them, the section is drawn anew where it was.
 */
export function PromotionsChoiceForm({ promotions }: { promotions: PromotionsChoice }) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === MY_DATA_INTENTS.promotions;
  return (
    <>
      {promotions.objected ? (
        <p className="mt-2 text-slate-700">
          Vous ne recevez plus nos promotions ni nos rappels
          {promotions.since && (
            <>
              {" "}
              depuis le <time dateTime={promotions.since}>{formatDate(promotions.since)}</time>
            </>
          )}
          . Un « Prévenez-moi » que vous demandez ensuite pour un article vous sera envoyé.
        </p>
      ) : (
        <p className="mt-2 text-slate-700">
          Vous pouvez recevoir nos promotions et nos rappels (comme « Prévenez-moi » quand un article revient), à votre
          e-mail et aux numéros de vos commandes.
        </p>
      )}
      <p className="mt-2 text-sm text-slate-700">
        Les messages sur vos commandes (confirmation, livraison, paiement) continuent dans tous les cas.
      </p>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value={MY_DATA_INTENTS.promotions} />
        {promotions.objected ? (
          <button
            type="submit"
            name="receive"
            value={RECEIVE.yes}
            disabled={sending}
            className={`${buttonClass} bg-brand text-white hover:bg-brand-dark`}
          >
            Recevoir de nouveau nos promotions
          </button>
        ) : (
          <button
            type="submit"
            name="receive"
            value={RECEIVE.no}
            disabled={sending}
            className={`${buttonClass} text-brand ring-1 ring-brand hover:bg-slate-50`}
          >
            Ne plus recevoir de promotions ni de rappels
          </button>
        )}
      </Form>
    </>
  );
}
