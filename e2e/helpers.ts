import { randomInt } from "node:crypto";
import { expect, type Page } from "@playwright/test";

/** The first SUPERADMIN of the test server (e2e/serve.ts sets its password). */
export const ADMIN = { email: "admin@boutique.local", password: "e2e-motdepasse" } as const;

/**
 * An address of its own for a visitor (the server trusts X-Forwarded-For in these tests):
 * sign-in, order and contact limits count per address, and must not meet across tests.
 */
export const visitorAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** Waits until the page's scripts have taken over: a tap before that does nothing. */
export const hydrated = (page: Page) => expect(page.locator("html[data-hydrated]")).toHaveCount(1);

/** Goes to a page and waits until it is interactive. */
export async function open(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

export const header = (page: Page) => page.getByRole("banner");
export const cartLink = (page: Page) => header(page).getByRole("link", { name: /^Panier : \d+ article/ });

/** Signs this page's browser in (the API sets the httpOnly cookie in its context). */
export async function signInThrough(page: Page, account: { email: string; password: string }) {
  const response = await page.request.post("/api/signin", {
    headers: { "x-forwarded-for": visitorAddress() },
    data: { email: account.email, password: account.password },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** A new GENERAL customer, made through the API and signed in in this page's browser. */
export async function signedInCustomer(page: Page, name = "Client Test") {
  const email = `${name.toLowerCase().replace(/\W+/g, "-")}-${Date.now()}-${randomInt(1_000_000)}@exemple.cm`;
  const password = "motdepasse-solide";
  const signUp = await page.request.post("/api/signup", {
    headers: { "x-forwarded-for": visitorAddress() },
    data: { name, email, password, confirmPassword: password },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  await signInThrough(page, { email, password });
  return { email, password };
}
