import { AVATAR_MAX_BYTES, FIELD_MSG, MSG } from "@shop/shared/core";
import { fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub, useActionData } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ok, stubApi } from "../../test/api";
import { type SignUpFailure, signUpInBrowser } from "./sign-up";
import { SignUpForm } from "./sign-up-form";

beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

function renderSignUp() {
  const Stub = createRoutesStub([
    {
      path: "/sign-up",
      Component: () => <SignUpForm result={useActionData<SignUpFailure>()} redirectTo="/" />,
      action: ({ request }) => signUpInBrowser(request),
    },
    { path: "/login", Component: () => <h1>Connexion</h1> },
  ]);
  render(<Stub initialEntries={["/sign-up"]} />);
}

function fill(password: string, confirmPassword: string) {
  fireEvent.change(screen.getByLabelText("Nom"), { target: { value: "Awa Ngono" } });
  fireEvent.change(screen.getByLabelText("E-mail"), { target: { value: "awa@exemple.cm" } });
  fireEvent.change(screen.getByLabelText("Mot de passe"), { target: { value: password } });
  fireEvent.change(screen.getByLabelText("Confirmez le mot de passe"), { target: { value: confirmPassword } });
}

const pictureInput = () => screen.getByLabelText("Photo de profil (facultatif)") as HTMLInputElement;
function choose(file: File) {
  Object.defineProperty(pictureInput(), "files", { value: [file], configurable: true });
  fireEvent.change(pictureInput());
}

describe("SignUpForm", () => {
  it("has a toggle on both passwords and an image-only picture input", () => {
    renderSignUp();
    expect(screen.getAllByRole("button", { name: "Afficher le mot de passe" })).toHaveLength(2);
    expect(pictureInput().type).toBe("file");
    expect(pictureInput().accept).toBe("image/*");
    expect(pictureInput().required).toBe(false);
    expect((screen.getByLabelText("Mot de passe") as HTMLInputElement).autocomplete).toBe("new-password");
  });

  it("says ' les mots de passes ne correspondent pas' beside the confirmation and sends nothing", async () => {
    const server = stubApi();
    renderSignUp();
    fill("motdepasse", "motdepassf");
    fireEvent.click(screen.getByRole("button", { name: "Créer mon compte" }));
    const confirm = screen.getByLabelText("Confirmez le mot de passe");
    await vi.waitFor(() => expect(confirm.getAttribute("aria-invalid")).toBe("true"));
    expect(document.getElementById("sign-up-confirmPassword-error")?.textContent).toBe(
      " les mots de passes ne correspondent pas",
    );
    await vi.waitFor(() => expect(document.activeElement).toBe(confirm));
    expect(server.calls).toEqual([]);
  });

  it("refuses a file that is not an image, beside the field, and forgets it", () => {
    renderSignUp();
    choose(new File(["%PDF"], "facture.pdf", { type: "application/pdf" }));
    expect(pictureInput().getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById("sign-up-profilePic-error")?.textContent).toBe(FIELD_MSG.profilePicInvalid);
    expect(pictureInput().value).toBe("");
    expect(screen.queryByRole("img")).toBeNull();
  });

  it("refuses a picture over 5 Mo", () => {
    renderSignUp();
    const big = new File(["x"], "photo.jpg", { type: "image/jpeg" });
    Object.defineProperty(big, "size", { value: AVATAR_MAX_BYTES + 1 });
    choose(big);
    expect(document.getElementById("sign-up-profilePic-error")?.textContent).toBe(
      "La photo ne doit pas dépasser 5 Mo.",
    );
  });

  it("previews a chosen picture and sends it as a data URL, then goes to /login", async () => {
    const server = stubApi({ "POST /api/signup": ok(MSG.signUpSuccess) });
    renderSignUp();
    choose(new File([new Uint8Array([0xff, 0xd8, 0xff])], "moi.jpg", { type: "image/jpeg" }));
    const preview = (await screen.findByRole("img", { name: "Aperçu de votre portrait" })) as HTMLImageElement;
    expect(preview.src).toMatch(/^data:image\/jpeg;base64,/);
    fill("motdepasse", "motdepasse");
    fireEvent.click(screen.getByRole("button", { name: "Créer mon compte" }));
    expect((await screen.findByRole("heading")).textContent).toBe("Connexion");
    expect(server.sent("POST /api/signup")).toEqual([
      expect.objectContaining({ name: "Awa Ngono", profilePic: preview.src }),
    ]);
  });

  it("lets the picture be removed", async () => {
    renderSignUp();
    choose(new File([new Uint8Array([1])], "moi.png", { type: "image/png" }));
    await screen.findByRole("img");
    fireEvent.click(screen.getByRole("button", { name: "Retirer la photo" }));
    expect(screen.queryByRole("img")).toBeNull();
    expect((document.querySelector('input[name="profilePic"]') as HTMLInputElement).value).toBe("");
  });
});
