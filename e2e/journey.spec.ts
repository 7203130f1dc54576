/**
 * A customer's whole visit, through the screens only (no API shortcut): sign up, sign in, fill
 * the cart, change it, order on WhatsApp, find the order, review the product, log out.
 */
import { randomInt } from "node:crypto";
import type { Order } from "@shop/shared";
import { cartWhatsappMessage, formatPrice, MSG } from "@shop/shared/core";
import { expect, test } from "./fixtures.ts";
import { cartLink, chooseDelivery, header, homeSection, hydrated } from "./helpers.ts";

test.use({ extraHTTPHeaders: { "x-forwarded-for": `10.77.${randomInt(256)}.${randomInt(1, 255)}` } });

test("sign up, sign in, cart, WhatsApp order recorded, order page, review, log out", async ({ page }) => {
  test.setTimeout(90_000);
  const email = `parcours-${Date.now()}@exemple.cm`;
  const password = "motdepasse-parcours";
  await page.context().route("https://wa.me/**", (route) => route.fulfill({ body: "WhatsApp" }));

  // Sign up, then sign in.
  await page.goto("/sign-up");
  await hydrated(page);
  const main = page.getByRole("main");
  await main.getByLabel("Nom").fill("Brice Essomba");
  await main.getByLabel("E-mail").fill(email);
  await main.getByLabel("Mot de passe", { exact: true }).fill(password);
  await main.getByLabel("Confirmez le mot de passe").fill(password);
  await main.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await hydrated(page);
  await main.getByLabel("E-mail").fill(email);
  await main.getByLabel("Mot de passe", { exact: true }).fill(password);
  await main.getByRole("button", { name: "Connexion" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(cartLink(page)).toHaveAccessibleName("Panier : 0 article");

  // Two products: one from a card of the home page, one from its product page.
  const card = (await homeSection(page, "SAMSUNG")).getByRole("listitem").first();
  const first = (await card.getByRole("heading").textContent()) ?? "";
  await card.getByRole("button", { name: `Ajouter au panier : ${first}` }).click();
  await expect(cartLink(page)).toHaveAccessibleName("Panier : 1 article");
  const other = (await homeSection(page, "IPHONE 13")).getByRole("listitem").first();
  const second = (await other.getByRole("heading").textContent()) ?? "";
  await other.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: second })).toBeVisible();
  const secondUrl = page.url();
  await main
    .getByRole("button", { name: `Ajouter au panier : ${second}` })
    .first()
    .click();
  await expect(cartLink(page)).toHaveAccessibleName("Panier : 2 articles");

  // The cart: plus, minus down to 1 and no further, delete; totals follow.
  await cartLink(page).click();
  await expect(page).toHaveURL(/\/cart$/);
  const lines = page.getByRole("region", { name: "Articles du panier" }).getByRole("listitem");
  await expect(lines).toHaveCount(2);
  const priceOf = async (name: string) =>
    Number(((await lines.filter({ hasText: name }).getByText(/FCFA/).first().textContent()) ?? "").replace(/\D/g, ""));
  const [p1, p2] = [await priceOf(first), await priceOf(second)];
  const summary = page.getByRole("region", { name: "Sommation" });
  const totals = async (quantity: number, francs: number) => {
    await expect(summary.getByRole("definition").first()).toHaveText(String(quantity));
    await expect(summary.getByRole("definition").nth(1)).toHaveText(formatPrice(francs));
  };
  await totals(2, p1 + p2);
  const line = lines.filter({ hasText: second });
  const plus = line.getByRole("button", { name: `Augmenter la quantité de ${second}` });
  const minus = line.getByRole("button", { name: `Diminuer la quantité de ${second}` });
  await plus.click();
  await expect(line.locator("output")).toHaveText("2");
  await plus.click();
  await expect(line.locator("output")).toHaveText("3");
  await totals(4, p1 + 3 * p2);
  await minus.click();
  await expect(line.locator("output")).toHaveText("2");
  await minus.click();
  await expect(line.locator("output")).toHaveText("1");
  await expect(minus).toBeDisabled();
  await totals(2, p1 + p2);
  await page.getByRole("button", { name: `Retirer ${first} du panier` }).click();
  await expect(lines).toHaveCount(1);
  await expect(cartLink(page)).toHaveAccessibleName("Panier : 1 article");
  await plus.click();
  await expect(line.locator("output")).toHaveText("2");
  await totals(2, 2 * p2);

  // Delivery at home in Bastos (the demo's Zone 2), with a landmark; the total follows.
  await chooseDelivery(page, { neighbourhood: "Bastos", landmark: "En face de la pharmacie du Golf" });
  const free = 2 * p2 >= 300_000;
  const fee = free ? 0 : 1500;
  await expect(summary.getByText("Livraison (Zone 2)")).toBeVisible();
  await expect(summary.getByRole("definition").last()).toHaveText(formatPrice(2 * p2 + fee));

  // WhatsApp: the order is recorded first, and the message is exactly the cart's, with its
  // reference, its delivery and the total to pay.
  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Commander sur WhatsApp" }).click();
  const tab = await popup;
  await tab.waitForURL(/^https:\/\/wa\.me\//);
  const said = page.getByText(/^Référence de votre commande : CMD-/);
  const reference = ((await said.textContent()) ?? "").split(" : ")[1]?.trim() ?? "";
  const text = new URL(tab.url()).searchParams.get("text");
  expect(text).toBe(
    cartWhatsappMessage(reference, [{ productName: second, quantity: 2, unitPrice: p2 }], {
      kind: "zone",
      name: "Zone 2",
      delay: "24 h",
      neighbourhood: "Bastos",
      city: null,
      fee,
      free,
      landmark: "En face de la pharmacie du Golf",
    }),
  );
  expect(text).toContain("Livraison : Bastos (Zone 2 — 24 h)");
  await tab.close();

  // The shop has it: the customer's orders, from the phone's menu, list it with its line.
  await header(page).getByLabel("Menu", { exact: true }).click();
  await page.locator("#mobile-menu").getByRole("link", { name: "Mes commandes" }).click();
  await expect(page).toHaveURL(/\/order-status$/);
  const mine = page.getByRole("region", { name: "Mes commandes" });
  const order = mine.getByRole("article").filter({ has: page.getByRole("heading", { name: reference }) });
  await expect(order).toContainText("Statut : Nouvelle");
  await expect(order.getByRole("cell", { name: second })).toBeVisible();
  const recorded = (await (await page.request.get("/api/my-orders")).json()).data as Order[];
  expect(recorded.find((o) => o.reference === reference)).toMatchObject({
    channel: "whatsapp",
    totalQuantity: 2,
    totalPrice: 2 * p2,
    total: 2 * p2 + fee,
    delivery: { name: "Zone 2", neighbourhood: "Bastos", fee },
    lines: [{ productName: second, quantity: 2, unitPrice: p2 }],
  });

  // A review that changes the stars of the product ordered.
  await page.goto(secondUrl);
  await hydrated(page);
  const reviews = page.getByRole("region", { name: /Avis des clients/ });
  await reviews.locator("label").filter({ hasText: "5 étoiles" }).click();
  await reviews.getByRole("button", { name: "Publier mon avis" }).click();
  await expect(page.getByRole("img", { name: "Note : 5 sur 5" })).toBeVisible();

  // Log out, from the phone's menu (the desktop user menu has its own test in auth.spec.ts).
  await header(page).getByLabel("Menu", { exact: true }).click();
  await page.locator("#mobile-menu").getByRole("button", { name: "Déconnexion" }).click();
  await expect(page.getByRole("status").getByText(MSG.logoutSuccess)).toBeAttached();
  await expect(header(page).getByRole("link", { name: "Connexion" })).toBeVisible();
  await expect(cartLink(page)).toHaveCount(0);
});
