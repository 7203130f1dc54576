import type { ShopIdentity } from "@shop/shared";
import {
  FIELD_MSG,
  MSG,
  ORDER_REFERENCE_PATTERN,
  orderReferenceWhatsappMessage,
  whatsappLink,
} from "@shop/shared/core";
import { type APIRequestContext, type Browser, expect, test } from "./fixtures.ts";
import { chooseDelivery, open, signedInCustomer, someProduct } from "./helpers.ts";

/** A small real PNG (1×1), as a phone's file picker would hand it over. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==",
  "base64",
);
const photo = { name: "iphone-voulu.png", mimeType: "image/png", buffer: PNG };

let visitor = 0;
/** Each test is its own visitor (own address), so per-visitor limits never meet across tests. */
const asVisitor = () => ({ "x-forwarded-for": `10.40.0.${++visitor}` });

async function shopOf(request: APIRequestContext): Promise<ShopIdentity> {
  return (await (await request.get("/api/shop")).json()).data;
}

test.describe("the order form", () => {
  test.use({ extraHTTPHeaders: asVisitor() });

  test("checks in French before sending, records the order with its file, answers its reference", async ({
    page,
    request,
  }) => {
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    await open(page, "/order");
    await expect(page.getByRole("heading", { level: 1, name: "Commande" })).toBeVisible();
    await expect(page.getByText("Veillez entrer vos informations de commande")).toBeVisible();

    await page.getByRole("button", { name: "Terminer la commande" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Votre commande n'a pas été envoyée" });
    await expect(alert).toContainText("Nom complet : Le nom est obligatoire.");
    await expect(alert).toContainText("Numéro de téléphone : Le numéro de téléphone est obligatoire.");
    await expect(alert).toContainText("Adresse de livraison : L'adresse est obligatoire.");
    await expect(alert).toContainText(`Livraison : ${FIELD_MSG.deliveryOptionRequired}`);
    await expect(alert).toContainText(`Fichier : ${MSG.orderFileMissing}`);
    await expect(page.getByLabel("Nom complet")).toBeFocused();

    await page.getByLabel("Nom complet").fill("Awa Ngono");
    await page.getByLabel("Numéro de téléphone").fill("06 12 34 56 78");
    await page.getByLabel("Adresse de livraison").fill("Maképé Missoké, Yaoundé");
    await chooseDelivery(page, { neighbourhood: "Mimboman", landmark: "Carrefour Mimboman, derrière l'église" });
    await page.getByLabel("Fichier").setInputFiles(photo);
    await page.getByLabel("Message (facultatif)").fill("Je voudrais la couleur bleue.");
    await page.getByRole("button", { name: "Terminer la commande" }).click();
    await expect(page.getByText("Numéro de téléphone invalide", { exact: false }).first()).toBeVisible();
    // Nothing left the phone while the form was wrong.
    expect(posts).toEqual([]);

    await page.getByLabel("Numéro de téléphone").fill("6 77 12 34 56");
    await page.getByRole("button", { name: "Terminer la commande" }).click();
    await expect(
      page.getByRole("heading", { name: "Merci Awa Ngono ! Votre commande est enregistrée." }),
    ).toBeVisible();
    const reference = (await page.getByTestId("reference").textContent())?.trim() ?? "";
    expect(reference).toMatch(ORDER_REFERENCE_PATTERN);

    const shop = await shopOf(request);
    await expect(page.getByRole("link", { name: "Envoyer la référence sur WhatsApp" })).toHaveAttribute(
      "href",
      whatsappLink(shop.whatsapp, orderReferenceWhatsappMessage(reference)),
    );
    await expect(page.getByRole("link", { name: /^Appeler/ })).toHaveAttribute("href", `tel:+${shop.phone}`);

    // The shop has it, with the file, whoever looks it up with the right number.
    const recorded = await request.post("/api/order-status", { data: { reference, phone: "677123456" } });
    expect(recorded.status()).toBe(200);
    expect((await recorded.json()).data).toMatchObject({
      reference,
      channel: "form",
      status: "nouvelle",
      name: "Awa Ngono",
      phone: "+237677123456",
      address: "Maképé Missoké, Yaoundé",
      message: "Je voudrais la couleur bleue.",
      hasFile: true,
      delivery: {
        kind: "zone",
        name: "Zone 2",
        neighbourhood: "Mimboman",
        landmark: "Carrefour Mimboman, derrière l'église",
      },
    });
    // The confirmation showed where and for how much.
    await expect(page.getByText("Livraison : Mimboman (Zone 2 — 24 h)")).toBeVisible();

    // The status page, from the confirmation's link: the reference is already there.
    await page.getByRole("link", { name: "Suivre ma commande" }).click();
    await expect(page).toHaveURL(`/order-status?reference=${reference}`);
    await page.locator("html[data-hydrated]").waitFor();
    await expect(page.getByLabel("Référence de la commande")).toHaveValue(reference);
    await page.getByLabel("Numéro de téléphone").fill("699 99 99 99");
    await page.getByRole("button", { name: "Voir ma commande" }).click();
    await expect(page.getByRole("alert").filter({ hasText: MSG.orderNotFound })).toBeVisible();
    await page.getByLabel("Numéro de téléphone").fill("+237 6 77 12 34 56");
    await page.getByRole("button", { name: "Voir ma commande" }).click();
    await expect(page.getByRole("heading", { name: reference })).toBeVisible();
    await expect(page.getByText("Statut : Nouvelle")).toBeVisible();
    await expect(page.locator('[aria-current="step"]')).toContainText("Nouvelle");
  });

  test("a refused send keeps everything the customer typed, file included", async ({ page }) => {
    await open(page, "/order");
    await page.getByLabel("Nom complet").fill("Paul Mbarga");
    await page.getByLabel("Numéro de téléphone").fill("699 11 22 33");
    await page.getByLabel("Adresse de livraison").fill("Bastos, Yaoundé");
    await chooseDelivery(page, { neighbourhood: "Bastos", landmark: "Ambassade de Chine" });
    // Named and typed as a picture, but its bytes are not: only the server can tell.
    await page
      .getByLabel("Fichier")
      .setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from("ceci n'est pas une image") });
    await page.getByLabel("Message (facultatif)").fill("Livraison le soir si possible.");
    await page.getByRole("button", { name: "Terminer la commande" }).click();
    await expect(page.getByText(`Fichier : ${MSG.orderFileInvalid}`)).toBeVisible();
    await expect(page.getByLabel("Nom complet")).toHaveValue("Paul Mbarga");
    await expect(page.getByLabel("Numéro de téléphone")).toHaveValue("699 11 22 33");
    await expect(page.getByLabel("Adresse de livraison")).toHaveValue("Bastos, Yaoundé");
    await expect(page.getByLabel("Message (facultatif)")).toHaveValue("Livraison le soir si possible.");
    await expect(page.getByLabel("Quartier", { exact: true })).toHaveValue("Bastos");
    await expect(page.getByLabel("Point de repère", { exact: true })).toHaveValue("Ambassade de Chine");
    expect(await page.getByLabel("Fichier").evaluate((input: HTMLInputElement) => input.files?.[0]?.name)).toBe(
      "photo.png",
    );
    // A right file, and the same form goes through.
    await page.getByLabel("Fichier").setInputFiles(photo);
    await page.getByRole("button", { name: "Terminer la commande" }).click();
    await expect(page.getByTestId("reference")).toHaveText(ORDER_REFERENCE_PATTERN);
  });

  test("works without JavaScript", async ({ browser }: { browser: Browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: asVisitor() });
    const page = await context.newPage();
    await page.goto("/order");
    await page.getByLabel("Nom complet").fill("Sans Script");
    await page.getByLabel("Numéro de téléphone").fill("677 00 11 22");
    await page.getByLabel("Adresse de livraison").fill("Essos, Yaoundé");
    // The neighbourhood's list shows once home delivery is chosen: CSS, not a script.
    await chooseDelivery(page, { neighbourhood: "Essos", landmark: "Marché d'Essos" });
    await page.getByLabel("Fichier").setInputFiles(photo);
    await page.getByRole("button", { name: "Terminer la commande" }).click();
    await expect(page.getByTestId("reference")).toHaveText(ORDER_REFERENCE_PATTERN);
    await expect(page.getByText("Livraison : Essos (Zone 2 — 24 h)")).toBeVisible();
    await context.close();
  });

  test("a signed-in customer's cart goes with the order, which their order page lists", async ({ page }) => {
    await signedInCustomer(page, "Client Panier");
    const product = await someProduct(page.request, 3);
    expect((await page.request.post("/api/addtocart", { data: { productId: product._id } })).status()).toBe(201);
    await open(page, "/order");
    await expect(page.getByText("L'article de votre panier sera joint à la commande.")).toBeVisible();
    await page.getByLabel("Nom complet").fill("Client Panier");
    await page.getByLabel("Numéro de téléphone").fill("677 33 44 55");
    await page.getByLabel("Adresse de livraison").fill("Omnisport, Yaoundé");
    await chooseDelivery(page, "pickup");
    await page.getByLabel("Fichier").setInputFiles(photo);
    await page.getByRole("button", { name: "Terminer la commande" }).click();
    const reference = (await page.getByTestId("reference").textContent())?.trim() ?? "";
    await expect(page.getByRole("cell", { name: product.productName })).toBeVisible();
    // The cart became the order: the header's count is back to 0.
    await expect(page.getByRole("link", { name: /^Panier : 0 article/ }).first()).toBeAttached();

    await open(page, "/order-status");
    const mine = page.getByRole("region", { name: "Mes commandes" });
    await expect(mine.getByRole("heading", { name: reference })).toBeVisible();
    await expect(mine.getByRole("cell", { name: product.productName })).toBeVisible();
  });
});

test.describe("reviews", () => {
  test.use({ extraHTTPHeaders: asVisitor() });

  test("a visitor is asked to sign in and comes back to the product", async ({ page, request }) => {
    const product = await someProduct(request, 1);
    await open(page, `/product/${product._id}`);
    await expect(page.getByRole("link", { name: "Connectez-vous pour donner votre avis" })).toHaveAttribute(
      "href",
      `/login?redirectTo=${encodeURIComponent(`/product/${product._id}`)}`,
    );
  });

  test("a customer's review changes the stars, and changing it keeps one review", async ({ page }) => {
    await signedInCustomer(page, "Mireille");
    const product = await someProduct(page.request, 2);
    await open(page, `/product/${product._id}`);
    await expect(page.getByText("Pas encore d'avis sur ce produit.")).toBeVisible();
    const reviews = page.getByRole("region", { name: /Avis des clients/ });
    await expect(reviews.getByRole("heading", { level: 2 })).toHaveText("Avis des clients (0)");

    // The star itself is what a customer taps: its label holds the hidden radio button.
    const star = (n: number) => reviews.locator("label").filter({ hasText: `${n} étoile` });
    await star(4).click();
    await reviews.getByLabel("Commentaire (facultatif)").fill("Très bon état, batterie à 92 %.");
    await reviews.getByRole("button", { name: "Publier mon avis" }).click();
    await expect(page.getByRole("status").getByText("Merci pour votre avis !")).toBeAttached();
    await expect(page.getByRole("img", { name: "Note : 4 sur 5" })).toBeVisible();
    await expect(page.getByText("1 avis", { exact: true })).toBeVisible();
    await expect(reviews.getByRole("listitem").filter({ hasText: "Mireille" })).toContainText(
      "Très bon état, batterie à 92 %.",
    );

    await star(2).click();
    await reviews.getByRole("button", { name: "Modifier mon avis" }).click();
    await expect(page.getByRole("img", { name: "Note : 2 sur 5" })).toBeVisible();
    await expect(page.getByText("1 avis", { exact: true })).toBeVisible();
    await expect(reviews.getByRole("heading", { level: 2 })).toHaveText("Avis des clients (1)");

    // The server's page says the same after a reload.
    await open(page, `/product/${product._id}`);
    await expect(page.getByRole("img", { name: "Note : 2 sur 5" })).toBeVisible();
  });
});
