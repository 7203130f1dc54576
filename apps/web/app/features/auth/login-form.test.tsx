import { MSG } from "@shop/shared/core";
import { fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub, useActionData, useSearchParams } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ok, refused, stubApi } from "../../test/api";
import { LoginForm } from "./login-form";
import { redirectTarget } from "./redirect-target";
import type { SignInFailure } from "./sign-in";
import { signInInBrowser } from "./sign-in-browser";

beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  localStorage.clear();
});

function Login() {
  const [params] = useSearchParams();
  return <LoginForm result={useActionData<SignInFailure>()} redirectTo={redirectTarget(params.get("redirectTo"))} />;
}

function renderLogin(url = "/login", action = ({ request }: { request: Request }) => signInInBrowser(request)) {
  const Stub = createRoutesStub([
    { path: "/login", Component: Login, action },
    { path: "/", Component: () => <h1>Accueil</h1> },
    { path: "/product/:id", Component: () => <h1>Produit</h1> },
  ]);
  render(<Stub initialEntries={[url]} />);
}

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText("E-mail"), { target: { value: email } });
  fireEvent.change(screen.getByLabelText("Mot de passe"), { target: { value: password } });
}

describe("LoginForm", () => {
  it("has an e-mail input, a password with its toggle and the links to sign-up and forgot-password", () => {
    renderLogin("/login?redirectTo=%2Fproduct%2F42");
    const email = screen.getByLabelText("E-mail") as HTMLInputElement;
    expect(email.type).toBe("email");
    expect(email.autocomplete).toBe("email");
    expect(email.required).toBe(true);
    expect(screen.getByRole("button", { name: "Afficher le mot de passe" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Mot de passe oublié ?" }).getAttribute("href")).toBe("/forgot-password");
    // A detour through sign-up keeps where the visitor was going.
    expect(screen.getByRole("link", { name: "Créer un compte" }).getAttribute("href")).toBe(
      "/sign-up?redirectTo=%2Fproduct%2F42",
    );
    expect((document.querySelector('input[name="redirectTo"]') as HTMLInputElement).value).toBe("/product/42");
  });

  it("drops an unsafe redirectTo from the form", () => {
    renderLogin("/login?redirectTo=%2F%2Fevil.example");
    expect((document.querySelector('input[name="redirectTo"]') as HTMLInputElement).value).toBe("/");
    expect(screen.getByRole("link", { name: "Créer un compte" }).getAttribute("href")).toBe("/sign-up");
  });

  it("reads 'Connexion...' while signing in, then goes to the product it came from", async () => {
    let answer: () => void = () => {};
    stubApi({ "POST /api/signin": ok(MSG.signInSuccess, "jwt") });
    renderLogin("/login?redirectTo=%2Fproduct%2F42", async ({ request }) => {
      await new Promise<void>((resolve) => (answer = resolve));
      return signInInBrowser(request);
    });
    fill("awa@exemple.cm", "motdepasse");
    fireEvent.click(screen.getByRole("button", { name: "Connexion" }));
    const busy = await screen.findByRole("button", { name: "Connexion..." });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    answer();
    expect((await screen.findByRole("heading")).textContent).toBe("Produit");
    expect(localStorage.getItem("token")).toBe("jwt");
  });

  it("shows the server's refusal beside the form and keeps the e-mail", async () => {
    stubApi({ "POST /api/signin": refused(401, MSG.signInFailed) });
    renderLogin();
    fill("awa@exemple.cm", "faux");
    fireEvent.click(screen.getByRole("button", { name: "Connexion" }));
    expect((await screen.findByRole("alert")).textContent).toBe(MSG.signInFailed);
    expect((screen.getByLabelText("E-mail") as HTMLInputElement).value).toBe("awa@exemple.cm");
    expect(screen.getByRole("button", { name: "Connexion" })).toBeTruthy();
  });

  it("puts the API's field issues beside their field", async () => {
    stubApi({
      "POST /api/signin": refused(400, MSG.invalidInput, [{ path: "body.email", message: "Adresse e-mail invalide." }]),
    });
    renderLogin();
    fill("awa@exemple", "motdepasse");
    fireEvent.click(screen.getByRole("button", { name: "Connexion" }));
    const email = screen.getByLabelText("E-mail");
    await vi.waitFor(() => expect(email.getAttribute("aria-invalid")).toBe("true"));
    expect(document.getElementById(email.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Adresse e-mail invalide.",
    );
    await vi.waitFor(() => expect(document.activeElement).toBe(email));
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
