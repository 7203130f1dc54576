import { randomInt } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { AxeBuilder } from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, type TestInfo } from "@playwright/test";

/** The first SUPERADMIN of the test server (e2e/serve.ts sets its password). */
export const ADMIN = { email: "admin@boutique.local", password: "e2e-motdepasse" } as const;

/**
 * An address of its own for a visitor (the server trusts X-Forwarded-For in these tests):
 * sign-in, order and contact limits count per address, and must not meet across tests.
 */
export const visitorAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/**
 * A word no product of the shop has, made of consonants (the French stemmer leaves it whole),
 * capitalised: the products a journey names with it are the only ones its search finds.
 */
export function uniqueWord(): string {
  const letters = "bcdfghjkmnpqrtvwz";
  const word = Array.from({ length: 9 }, () => letters[randomInt(letters.length)]).join("");
  return word[0]!.toUpperCase() + word.slice(1);
}

/**
 * A new account made ADMIN through `superAdmin` (a request context signed in as a SUPERADMIN):
 * a seller of the shop, with its id, for what only the owner may see.
 */
export async function newSeller(superAdmin: APIRequestContext, label: string) {
  const n = `${Date.now()}-${randomInt(100_000)}`;
  const seller = { name: `Vendeur ${label} ${n}`, email: `vendeur-${n}@exemple.cm`, password: "motdepasse-solide" };
  const signUp = await superAdmin.post("/api/signup", {
    headers: { "x-forwarded-for": visitorAddress() },
    data: { ...seller, confirmPassword: seller.password },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const users = (await (await superAdmin.get("/api/all-user")).json()).data as { _id: string; email: string }[];
  const id = users.find((u) => u.email === seller.email)!._id;
  const promoted = await superAdmin.post("/api/update-user", { data: { userId: id, role: "ADMIN" } });
  expect(promoted.status(), await promoted.text()).toBe(200);
  return { ...seller, id };
}

/** Waits until the page's scripts have taken over: a tap before that does nothing. */
export const hydrated = (page: Page) => expect(page.locator("html[data-hydrated]")).toHaveCount(1);

/**
 * A category section of the home page, with its products: the first two come with the page, the
 * others load as the visitor scrolls near them (decision 027), so the test scrolls there first.
 */
export async function homeSection(page: Page, category: string) {
  const section = page.getByRole("region", { name: category, exact: true });
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole("article").first()).toBeVisible();
  return section;
}

/** Goes to a page and waits until it is interactive; answers the page's response. */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await hydrated(page);
  return response;
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

/** A demo product counted from the oldest (the newest ones are the product page's tests'). */
export async function someProduct(request: APIRequestContext, index: number) {
  const products = (await (await request.get("/api/get-product?limit=100")).json()).data as {
    _id: string;
    productName: string;
    sellingPrice: number;
  }[];
  const product = products.at(-1 - index);
  if (!product) throw new Error("the demo catalogue is too small");
  return product;
}

/** Nothing sticks out sideways: the page does not scroll horizontally on the 360 px phone. */
export async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
}

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
/**
 * Rules of those criteria that axe keeps off unless asked (tagged "experimental"): WCAG 2.5.3
 * Label in Name, a control's name holds the words it shows, or whoever drives the phone by voice
 * says them and nothing happens.
 */
const AXE_EXTRA_RULES = { "label-content-name-mismatch": { enabled: true } };
const BLOCKING = new Set(["serious", "critical"]);
type Violation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

/** Frames from another origin (the contact page's OpenStreetMap) cannot load here and are not
 * ours: their content is left out, the <iframe> element itself (its title) is still checked. */
const FOREIGN_FRAME_CONTENT = {
  fromFrames: ['iframe[src^="http://"], iframe[src^="https://"]', "html"] as [string, string],
};

function describeViolations(violations: Violation[]): string {
  return violations
    .map((v) => {
      const targets = v.nodes.map((n) => `    - ${n.target.join(" >> ")}`).join("\n");
      return `  [${v.impact}] ${v.id}: ${v.help}\n    ${v.helpUrl}\n${targets}`;
    })
    .join("\n");
}

/**
 * An axe-core scan (WCAG 2.x A/AA, with Label in Name, and axe's best practices) of the page,
 * or of the part `include` selects (an open dialog): fails on any serious or critical violation
 * and prints the others.
 */
export async function expectAccessible(page: Page, testInfo: TestInfo, include?: string) {
  // options() before withTags(): it replaces every option, withTags() only adds runOnly.
  let builder = new AxeBuilder({ page })
    .options({ rules: AXE_EXTRA_RULES })
    .withTags(AXE_TAGS)
    .exclude(FOREIGN_FRAME_CONTENT);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  await testInfo.attach(`axe-${testInfo.title}.json`, {
    body: JSON.stringify(results.violations, null, 2),
    contentType: "application/json",
  });
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ""));
  const others = results.violations.filter((v) => !BLOCKING.has(v.impact ?? ""));
  if (others.length) console.log(`${testInfo.title}: minor/moderate (not failing)\n${describeViolations(others)}`);
  // The count, not the objects: the message then is the readable list, without a deep diff.
  expect(blocking.length, `serious/critical axe violations on ${page.url()}:\n${describeViolations(blocking)}`).toBe(0);
}

/**
 * What the shop logged from now on: its JSON lines parsed, and anything it wrote to stderr as
 * `{ level: 50, stderr }` (an error). e2e/serve.ts copies both to E2E_SERVER_LOG, which
 * playwright.config.ts sets.
 */
export function serverLog() {
  const file = process.env.E2E_SERVER_LOG ?? "";
  const from = statSync(file).size;
  return () =>
    readFileSync(file)
      .subarray(from)
      .toString()
      .split("\n")
      .filter((line) => line.trim())
      .map((line) =>
        line.startsWith("{") ? (JSON.parse(line) as Record<string, unknown>) : { level: 50, stderr: line },
      );
}

/**
 * The delivery part of the cart or the order form (decision 025): home delivery in a
 * neighbourhood of the demo's zones with a landmark, or the pickup at the shop.
 */
export async function chooseDelivery(page: Page, where: { neighbourhood: string; landmark: string } | "pickup") {
  if (where === "pickup") {
    await page.getByRole("radio", { name: /^Retrait en boutique/ }).check();
    return;
  }
  await page.getByRole("radio", { name: /^Livraison à domicile à Yaoundé/ }).check();
  await page.getByLabel("Quartier", { exact: true }).selectOption(where.neighbourhood);
  await page.getByLabel("Point de repère", { exact: true }).fill(where.landmark);
}

/** Today as the back-office writes it (dd/mm/yyyy), in the shop's time zone. */
export const shopToday = () =>
  new Intl.DateTimeFormat("fr-FR", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    timeZone: "Africa/Douala",
  }).format(new Date());

/** The SUPERADMIN signed in within this page's context; answers their name as the history writes it. */
export async function signInAdmin(page: Page): Promise<string> {
  expect((await page.request.post("/api/signin", { data: ADMIN })).status()).toBe(200);
  return (await (await page.request.get("/api/user-details")).json()).data.name;
}

/**
 * Chromium's authenticator for this page (decision 040): a phone's, with its lock (user
 * verification) and passkeys that name their account. WebAuthn needs a domain: such a journey
 * browses `localhost`, which the server serves as its relying party for a loopback PUBLIC_URL.
 */
export async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}
