import { Form, useNavigation } from "react-router";
import { FormAlert } from "../../components/ui/form-alert";
import type { PayFailure } from "./pay-result";

/** "Paiement à la livraison": recorded on the order; the shop marks it paid when the money is in hand. */
export function CashForm({ token, chosen, failure }: { token: string; chosen: boolean; failure?: PayFailure }) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "cash";
  const refused = failure?.intent === "cash" ? failure : undefined;
  if (chosen) {
    return (
      <p className="rounded-md bg-green-50 p-3 font-medium text-green-900 ring-1 ring-green-200">
        C'est noté : vous paierez à la livraison.
      </p>
    );
  }
  return (
    <Form method="post" preventScrollReset className="space-y-3">
      <input type="hidden" name="intent" value="cash" />
      {token && <input type="hidden" name="token" value={token} />}
      {refused && (
        <FormAlert>
          <p className="font-semibold">Votre choix n'a pas été enregistré : {refused.message}</p>
        </FormAlert>
      )}
      {/* A second way, drawn as such: Mobile Money keeps the one filled button. */}
      <button
        type="submit"
        disabled={sending}
        className="w-full rounded-full border-2 border-brand px-5 py-3 font-semibold text-brand hover:bg-brand/5 disabled:opacity-70"
      >
        {sending ? "Enregistrement…" : "Je paierai à la livraison"}
      </button>
    </Form>
  );
}
