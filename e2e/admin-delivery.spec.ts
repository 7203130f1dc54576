/**
 * The back-office's delivery (decision 025) on the 360 px phone of
 * playwright.config.ts: the shop's admin manages the options customers choose from, the
 * free-delivery amount, and confirms a shipping order's fee.
 */
import type { DeliveryOffer, Order } from "@shop/shared";
import { formatPrice } from "@shop/shared/core";
import { expect, test } from "./fixtures.ts";
import {
  ADMIN,
  expectAccessible,
  expectNoSidewaysScroll,
  open,
  signedInCustomer,
  signInThrough,
  someProduct,
} from "./helpers.ts";

test.describe.configure({ mode: "serial" });

test("the admin adds a zone, edits it, hides it, sets the free delivery and deletes the zone", async ({
  page,
}, testInfo) => {
  await signInThrough(page, ADMIN);
  await open(page, "/admin-panel");
  await page.getByRole("complementary", { name: "Back-office" }).getByRole("link", { name: "Livraison" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Livraison" })).toBeVisible();
  const options = page.getByRole("region", { name: /^Options proposées/ });
  await expect(options.getByRole("heading", { name: "Zone 2" })).toBeVisible();
  await expect(options.getByRole("listitem").filter({ hasText: "Expédition hors Yaoundé" })).toContainText(
    "Frais à confirmer",
  );
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, testInfo);

  // A new zone: checked before the API is called, in French.
  await page.getByRole("link", { name: "Ajouter une option" }).click();
  const form = page.getByRole("form", { name: "Nouvelle option" });
  await form.getByRole("button", { name: "Enregistrer" }).click();
  await expect(form.getByText("Le nom de l'option de livraison est obligatoire.")).toBeVisible();
  await expect(form.getByText("Une zone de livraison nomme au moins un quartier.")).toBeVisible();
  await expectAccessible(page, testInfo);
  await form.getByLabel("Nom", { exact: true }).fill("Zone 4 — Test");
  await form.getByLabel("Frais (FCFA)").fill("3 000");
  await form.getByLabel("Délai").fill("48 h");
  // A neighbourhood of Zone 2 is refused by the server: one zone each.
  await form.getByLabel("Quartiers").fill("Soa\nBastos");
  await form.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Ce quartier est déjà dans une autre zone de livraison.")).toBeVisible();
  await page.getByRole("form", { name: "Nouvelle option" }).getByLabel("Quartiers").fill("Soa\nNkolfoulou");
  await page.getByRole("form", { name: "Nouvelle option" }).getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Option de livraison enregistrée.");
  const zone = options.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Zone 4 — Test" }) });
  await expect(zone).toContainText(formatPrice(3000));
  await expect(zone).toContainText("Soa, Nkolfoulou");

  // Customers are offered it at once, its neighbourhoods among the others.
  const offer = async () => (await (await page.request.get("/api/delivery-options")).json()).data as DeliveryOffer;
  expect((await offer()).options.find((o) => o.name === "Zone 4 — Test")?.neighbourhoods).toEqual([
    "Soa",
    "Nkolfoulou",
  ]);

  // Edit its fee, then hide it: no longer offered.
  await zone.getByRole("link", { name: "Modifier Zone 4 — Test" }).click();
  const edit = page.getByRole("form", { name: "Modifier l'option" });
  await edit.getByLabel("Frais (FCFA)").fill("3500");
  await edit.getByRole("button", { name: "Enregistrer" }).click();
  await expect(zone).toContainText(formatPrice(3500));
  await zone.getByRole("link", { name: "Modifier Zone 4 — Test" }).click();
  await page.getByRole("form", { name: "Modifier l'option" }).getByLabel("Proposée aux clients").uncheck();
  await page.getByRole("form", { name: "Modifier l'option" }).getByRole("button", { name: "Enregistrer" }).click();
  await expect(zone).toContainText("Masquée");
  expect((await offer()).options.some((o) => o.name === "Zone 4 — Test")).toBe(false);

  // Up one place.
  await zone.getByRole("button", { name: "Monter Zone 4 — Test" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Ordre des options enregistré.");
  const names = await options.getByRole("heading", { level: 3 }).allTextContents();
  expect(names.indexOf("Zone 4 — Test")).toBe(names.length - 2);

  // The free delivery amount.
  const free = page.getByLabel("À partir d'un achat de (FCFA)");
  await free.fill("250 000");
  await page.getByRole("region", { name: "Livraison offerte" }).getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText(`Offerte à Yaoundé dès ${formatPrice(250_000)} d'achat.`)).toBeVisible();
  expect((await offer()).freeFrom).toBe(250_000);
  await page.getByLabel("À partir d'un achat de (FCFA)").fill("300000");
  await page.getByRole("region", { name: "Livraison offerte" }).getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText(`Offerte à Yaoundé dès ${formatPrice(300_000)} d'achat.`)).toBeVisible();

  // Delete it, after a confirmation that says past orders keep their copy.
  await zone.getByRole("link", { name: "Supprimer Zone 4 — Test" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Supprimer « Zone 4 — Test » ?" });
  await expect(confirm).toContainText("Les commandes qui l'ont choisie gardent son nom et ses frais.");
  await expectAccessible(page, testInfo);
  await confirm.getByRole("button", { name: "Supprimer" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Option de livraison supprimée.");
  await expect(options.getByRole("heading", { name: "Zone 4 — Test" })).toHaveCount(0);
});

test("a shipping order's fee, to confirm, is fixed by the admin and the total follows", async ({
  page,
  browser,
}, testInfo) => {
  // A customer orders a product to Douala: the fee is the shop's to confirm.
  const context = await browser.newContext();
  const shopper = await context.newPage();
  await signedInCustomer(shopper, "Client Douala");
  const product = await someProduct(shopper.request, 5);
  expect((await shopper.request.post("/api/addtocart", { data: { productId: product._id } })).status()).toBe(201);
  const offer = (await (await shopper.request.get("/api/delivery-options")).json()).data as DeliveryOffer;
  const shipping = offer.options.find((o) => o.kind === "shipping");
  const placed = await shopper.request.post("/api/orders/from-cart", {
    data: {
      channel: "whatsapp",
      deliveryOptionId: shipping?._id,
      city: "Douala",
      landmark: "Agence Touristique, Akwa",
    },
  });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()).data as Order;
  await context.close();

  await signInThrough(page, ADMIN);
  await open(page, `/admin-panel/orders/${order.reference}`);
  const delivery = page.getByRole("region", { name: "Livraison" });
  await expect(delivery).toContainText("Expédition hors Yaoundé");
  await expect(delivery).toContainText("Douala");
  await expect(delivery).toContainText("Agence Touristique, Akwa");
  await expect(delivery).toContainText("à confirmer");
  // The message to the customer names the delivery and the total while the order is to be paid.
  const message = page.getByText(/^Message : « /);
  await expect(message).toContainText("Livraison : Expédition hors Yaoundé : Douala");
  await expectAccessible(page, testInfo);

  await delivery.getByLabel("Frais de livraison (FCFA)").fill("3 500");
  await delivery.getByRole("button", { name: "Fixer les frais" }).click();
  await expect(delivery.getByRole("status")).toHaveText("Frais de livraison enregistrés.");
  await expect(delivery).toContainText(formatPrice(order.totalPrice + 3500));
  await expect(delivery.getByRole("button", { name: "Fixer les frais" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Articles" })).toContainText(formatPrice(order.totalPrice + 3500));
  await expect(message).toContainText(`Total à payer : ${formatPrice(order.totalPrice + 3500)}`);
  // The list shows what the customer pays.
  await open(page, `/admin-panel/orders?q=${order.reference}`);
  await expect(page.getByRole("main").getByRole("article").first()).toContainText(formatPrice(order.totalPrice + 3500));
});
