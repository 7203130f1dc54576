import { redirect } from "react-router";
import { AccountForm } from "../features/account/my-data/account-form";
import { DeleteAccountForm } from "../features/account/my-data/delete-account-form";
import { MY_DATA_LOGIN, myDataAction } from "../features/account/my-data/my-data-action.server";
import { myDataApi } from "../features/account/my-data/my-data-api";
import type { MyDataResult } from "../features/account/my-data/my-data-form";
import {
  CountAndLink,
  MyCart,
  MyDataSection,
  MyMessages,
  MyNotificationDevices,
  MyPasswordResets,
  MyReviews,
  MyStockAlerts,
} from "../features/account/my-data/my-data-lists";
import { MyDataNotice } from "../features/account/my-data/my-data-notice";
import { MyOrders } from "../features/account/my-data/my-orders";
import { PasswordForm } from "../features/account/my-data/password-form";
import { PromotionsChoiceForm } from "../features/account/my-data/promotions-form";
import { pageMeta } from "../features/content/meta";
import { ApiError } from "../lib/api";
import { formatDateTime } from "../lib/format-date";
import type { Route } from "./+types/my-data";

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...pageMeta(
      matches,
      "Mes données",
      "Ce que la boutique garde sur vous : le corriger, le télécharger ou tout effacer.",
    ),
    { name: "robots", content: "noindex" },
  ];
}

/** A visitor without a session is sent to sign in before any page is drawn, as 'Mes appareils' does. */
export async function loader({ request }: Route.LoaderArgs) {
  if (!/(?:^|;\s*)token=/.test(request.headers.get("cookie") ?? "")) throw redirect(MY_DATA_LOGIN);
  try {
    return { mine: await myDataApi(request).mine() };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirect(MY_DATA_LOGIN);
    throw error;
  }
}

export const action = ({ request }: Route.ActionArgs) => myDataAction(request);

/**
 * 'Mes données' (decision 041): everything the shop keeps about the signed-in person, to
 * correct (name, e-mail, photo, password), to download (one zip) or to erase, and whether the
 * shop may send its promotions and reminders (decision 043). Every form works
 * without scripts; the orders are `<details>`, so that many of them cost no script either.
 */
export default function MyDataPage({ loaderData, actionData }: Route.ComponentProps) {
  const { mine } = loaderData;
  const result = actionData as MyDataResult | undefined;
  const { account } = mine;
  return (
    <main className="mx-auto max-w-xl px-4 pt-8 pb-12">
      <h1 className="text-2xl font-extrabold">Mes données</h1>
      <p className="mt-2 text-slate-700">
        Tout ce que la boutique garde sur vous. Vous pouvez le corriger, le télécharger ou tout effacer.
      </p>
      <MyDataNotice result={result} />

      <MyDataSection id="account-title" title="Mon compte">
        <p className="mt-2 text-sm text-slate-700">
          Compte créé le <time dateTime={account.createdAt}>{formatDateTime(account.createdAt)}</time>.
        </p>
        {/* Drawn again once saved: the photo chosen is then the current one. */}
        <AccountForm key={account.updatedAt} account={account} result={result} />
        <h3 className="mt-6 text-lg font-bold">Changer de mot de passe</h3>
        <PasswordForm result={result} />
      </MyDataSection>

      <MyDataSection id="download-title" title="Télécharger mes données">
        <p className="mt-2 text-slate-700">
          Un fichier .zip : vos données lisibles (donnees.html), les mêmes pour un programme (donnees.json) et les
          fichiers que vous nous avez envoyés.
        </p>
        <a
          href="/api/my-data/archive"
          download
          className="mt-3 inline-flex min-h-11 items-center rounded-full px-5 py-2 font-semibold text-brand ring-1 ring-brand hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        >
          Télécharger mes données
        </a>
      </MyDataSection>

      <MyDataSection id="orders-title" title={`Mes commandes (${mine.orders.length})`}>
        <MyOrders orders={mine.orders} />
      </MyDataSection>

      <MyDataSection id="cart-title" title="Mon panier">
        <MyCart cart={mine.cart} />
      </MyDataSection>

      <MyDataSection id="reviews-title" title="Mes avis">
        <MyReviews reviews={mine.reviews} />
      </MyDataSection>

      <MyDataSection id="messages-title" title="Mes messages">
        <MyMessages messages={mine.messages} />
      </MyDataSection>

      <MyDataSection id="alerts-title" title="Mes alertes « Prévenez-moi »">
        <MyStockAlerts alerts={mine.stockAlerts} />
      </MyDataSection>

      <MyDataSection id="promotions-title" title="Promotions et rappels">
        <PromotionsChoiceForm promotions={mine.promotions} />
      </MyDataSection>

      <MyDataSection id="devices-title" title="Appareils et connexions">
        <CountAndLink
          count={mine.devices.length}
          words={["appareil connecté", "appareils connectés"]}
          to="/devices"
          label="Mes appareils"
        />
      </MyDataSection>

      <MyDataSection id="factors-title" title="Seconds facteurs">
        <CountAndLink
          count={mine.secondFactors.length}
          words={["second facteur", "seconds facteurs"]}
          to="/security"
          label="Sécurité du compte"
        />
      </MyDataSection>

      <MyDataSection id="resets-title" title="Liens de nouveau mot de passe">
        <MyPasswordResets resets={mine.passwordResets} />
      </MyDataSection>

      {mine.notificationDevices.length > 0 && (
        <MyDataSection id="push-title" title="Notifications du back-office">
          <MyNotificationDevices devices={mine.notificationDevices} />
        </MyDataSection>
      )}

      <MyDataSection id="delete-title" title="Supprimer mon compte" tone="danger">
        <p className="mt-2">
          Votre compte, votre panier, vos avis, vos appareils et votre photo sont effacés tout de suite. Vos commandes
          livrées ou annulées restent dans la comptabilité de la boutique (dix ans), sans votre nom, votre numéro, votre
          adresse ni vos fichiers. Une commande en cours doit d'abord être livrée ou annulée.
        </p>
        <DeleteAccountForm result={result} />
      </MyDataSection>
    </main>
  );
}
