import { MSG } from "@shop/shared/core";
import { startAuthentication } from "@simplewebauthn/browser";
import { fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { PASSKEY_ASSERTION, PASSKEY_OPTIONS, secondFactorNeeded } from "../features/auth/second-factor.testing";
import { signInInBrowser } from "../features/auth/sign-in-browser";
import { ok, refused, stubApi } from "../test/api";
import Login from "./login";

vi.mock("@simplewebauthn/browser", () => ({ startAuthentication: vi.fn() }));

beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});
beforeEach(() => {
  vi.mocked(startAuthentication).mockReset();
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** A browser that has passkeys (jsdom has none): what `supportsPasskeys` looks for. */
const withPasskeys = () => vi.stubGlobal("PublicKeyCredential", function PublicKeyCredential() {});

function stub() {
  return createRoutesStub([
    { path: "/login", Component: Login, action: ({ request }: { request: Request }) => signInInBrowser(request) },
    { path: "/", Component: () => <h1>Accueil</h1> },
    { path: "/product/:id", Component: () => <h1>Produit</h1> },
  ]);
}
const renderLogin = (url = "/login") => {
  const Stub = stub();
  render(<Stub initialEntries={[url]} />);
};

async function passwordStep(url = "/login", methods?: string[]) {
  const server = stubApi({ "POST /api/signin": secondFactorNeeded(methods) });
  renderLogin(url);
  fireEvent.change(screen.getByLabelText("E-mail"), { target: { value: "awa@exemple.cm" } });
  fireEvent.change(screen.getByLabelText("Mot de passe"), { target: { value: "motdepasse" } });
  fireEvent.click(screen.getByRole("button", { name: "Connexion" }));
  await screen.findByRole("heading", { name: "Vérification en deux étapes" });
  return server;
}

const codeField = () => screen.getByLabelText("Code de vérification") as HTMLInputElement;
const describedBy = (element: HTMLElement) =>
  (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent)
    .join(" ");

describe("the login page's second step", () => {
  it("replaces the password form after the right password, the focus in the code's field", async () => {
    await passwordStep("/login?redirectTo=%2Fproduct%2F42");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Connexion");
    expect(screen.queryByLabelText("Mot de passe")).toBeNull();
    const field = codeField();
    expect(field.inputMode).toBe("numeric");
    expect(field.autocomplete).toBe("one-time-code");
    expect(field.required).toBe(true);
    await vi.waitFor(() => expect(document.activeElement).toBe(field));
    expect((document.querySelector('input[name="ticket"]') as HTMLInputElement).value).toBe("ticket.signé");
    expect((document.querySelector('input[name="redirectTo"]') as HTMLInputElement).value).toBe("/product/42");
    // jsdom has no passkeys: no button that could do nothing.
    expect(screen.queryByRole("button", { name: "Utiliser ma clé d'accès" })).toBeNull();
  });

  it("shows a wrong code beside the field, then signs in with the right one and goes on", async () => {
    const server = await passwordStep("/login?redirectTo=%2Fproduct%2F42");
    server.answer("POST /api/signin/second-factor", refused(401, MSG.totpCodeWrong));
    fireEvent.change(codeField(), { target: { value: "000000" } });
    fireEvent.click(screen.getByRole("button", { name: "Vérifier" }));
    await vi.waitFor(() => expect(codeField().getAttribute("aria-invalid")).toBe("true"));
    expect(describedBy(codeField())).toContain(MSG.totpCodeWrong);
    expect(document.activeElement).toBe(codeField());

    server.answer("POST /api/signin/second-factor", ok(MSG.secondFactorAccepted, "jwt.2fa"));
    fireEvent.change(codeField(), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Vérifier" }));
    await screen.findByRole("heading", { level: 1, name: "Produit" });
    expect(server.sent("POST /api/signin/second-factor")).toEqual([
      { ticket: "ticket.signé", code: "000000" },
      { ticket: "ticket.signé", code: "123456" },
    ]);
    expect(localStorage.getItem("token")).toBe("jwt.2fa");
  });

  it("offers the keyboard with letters for a recovery code, without asking the server", async () => {
    const server = await passwordStep();
    fireEvent.click(screen.getByRole("button", { name: "Saisir un code de récupération" }));
    expect(codeField().inputMode).toBe("text");
    expect(document.activeElement).toBe(codeField());
    expect(screen.queryByRole("button", { name: "Saisir un code de récupération" })).toBeNull();
    expect(server.calls.map((c) => c.route)).toEqual(["POST /api/signin"]);
  });

  it("goes back to the password form, the e-mail kept, when the step expired", async () => {
    const server = await passwordStep();
    server.answer("POST /api/signin/second-factor", refused(401, MSG.secondFactorTicketInvalid));
    fireEvent.change(codeField(), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Vérifier" }));
    expect((await screen.findByRole("alert")).textContent).toBe(MSG.secondFactorTicketInvalid);
    expect((screen.getByLabelText("E-mail") as HTMLInputElement).value).toBe("awa@exemple.cm");
    expect(screen.queryByLabelText("Code de vérification")).toBeNull();
  });

  it("says the lock for the whole step, in an alert", async () => {
    const server = await passwordStep();
    server.answer("POST /api/signin/second-factor", refused(429, MSG.secondFactorLocked));
    fireEvent.change(codeField(), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Vérifier" }));
    expect((await screen.findByRole("alert")).textContent).toBe(MSG.secondFactorLocked);
  });

  it("'Utiliser ma clé d'accès' in a browser that has passkeys: signs in with the account's passkey", async () => {
    withPasskeys();
    const server = await passwordStep();
    server.answer("POST /api/signin/passkey-options", ok("", PASSKEY_OPTIONS));
    server.answer("POST /api/signin/second-factor", ok(MSG.secondFactorAccepted, "jwt.passkey"));
    vi.mocked(startAuthentication).mockResolvedValue(PASSKEY_ASSERTION as never);
    // jsdom ignores the button's `formnovalidate` (browsers send the form with the field empty):
    // something typed lets it through, and the passkey's try ignores it.
    fireEvent.change(codeField(), { target: { value: "1" } });
    fireEvent.click(await screen.findByRole("button", { name: "Utiliser ma clé d'accès" }));
    await screen.findByRole("heading", { level: 1, name: "Accueil" });
    expect(server.sent("POST /api/signin/passkey-options")).toEqual([{ ticket: "ticket.signé" }]);
    expect(server.sent("POST /api/signin/second-factor")).toEqual([
      { ticket: "ticket.signé", passkey: PASSKEY_ASSERTION },
    ]);
  });

  it("has no passkey button for an account without one", async () => {
    withPasskeys();
    await passwordStep("/login", ["totp", "recovery"]);
    expect(screen.queryByRole("button", { name: "Utiliser ma clé d'accès" })).toBeNull();
  });

  it("asks for a recovery code in letters at once when the account has no app", async () => {
    await passwordStep("/login", ["passkey", "recovery"]);
    expect(codeField().inputMode).toBe("text");
    expect(screen.queryByRole("button", { name: "Saisir un code de récupération" })).toBeNull();
  });
});

describe("'Se connecter avec une clé d'accès'", () => {
  it("is not in the page the server draws, nor in a browser without passkeys", () => {
    withPasskeys();
    const Stub = stub();
    expect(renderToString(<Stub initialEntries={["/login"]} />)).not.toContain("clé d&#x27;accès");
    vi.unstubAllGlobals();
    renderLogin();
    expect(screen.queryByRole("button", { name: "Se connecter avec une clé d'accès" })).toBeNull();
  });

  it("signs in with any passkey of the shop and goes where the password would have", async () => {
    withPasskeys();
    const server = stubApi({
      "POST /api/signin/passkey-options": ok("", PASSKEY_OPTIONS),
      "POST /api/signin/passkey": ok(MSG.secondFactorAccepted, "jwt.sans-mot-de-passe"),
    });
    vi.mocked(startAuthentication).mockResolvedValue(PASSKEY_ASSERTION as never);
    renderLogin("/login?redirectTo=%2Fproduct%2F42");
    fireEvent.click(await screen.findByRole("button", { name: "Se connecter avec une clé d'accès" }));
    await screen.findByRole("heading", { level: 1, name: "Produit" });
    expect(server.sent("POST /api/signin/passkey-options")).toEqual([{}]);
    expect(server.sent("POST /api/signin/passkey")).toEqual([{ response: PASSKEY_ASSERTION }]);
    expect(localStorage.getItem("token")).toBe("jwt.sans-mot-de-passe");
  });

  it("shows the refusal above the password form", async () => {
    withPasskeys();
    stubApi({
      "POST /api/signin/passkey-options": ok("", PASSKEY_OPTIONS),
      "POST /api/signin/passkey": refused(401, MSG.passkeyUnknown),
    });
    vi.mocked(startAuthentication).mockResolvedValue(PASSKEY_ASSERTION as never);
    renderLogin();
    fireEvent.click(await screen.findByRole("button", { name: "Se connecter avec une clé d'accès" }));
    expect((await screen.findByRole("alert")).textContent).toBe(MSG.passkeyUnknown);
    expect(screen.getByLabelText("Mot de passe")).toBeTruthy();
  });
});
