import { Form } from "react-router";
import { useHydrated } from "../../lib/use-hydrated";
import { loginHref } from "./login-href";
import { supportsPasskeys } from "./passkey";
import { PasskeyButton } from "./passkey-button";
import type { PendingAdd } from "./pending-add";
import { withRedirect } from "./redirect-target";

/**
 * 'Se connecter avec une clé d'accès' (decision 040): no e-mail, no password, any passkey the
 * visitor made for this shop. Its room under the password form is kept from the first paint,
 * so nothing moves when the button comes with the scripts (in a browser that has passkeys).
 */
export function PasskeySignIn({ redirectTo, add }: { redirectTo: string; add?: PendingAdd }) {
  const ready = useHydrated() && supportsPasskeys();
  const action = add ? loginHref(redirectTo, add) : withRedirect("/login", redirectTo);
  return (
    <div className="mt-4 min-h-12">
      {ready && (
        <Form method="post" action={action} replace>
          <input type="hidden" name="redirectTo" value={redirectTo} />
          {add && <input type="hidden" name="add" value={add.productId} />}
          {add?.variantId && <input type="hidden" name="variant" value={add.variantId} />}
          <PasskeyButton label="Se connecter avec une clé d'accès" />
        </Form>
      )}
    </div>
  );
}
