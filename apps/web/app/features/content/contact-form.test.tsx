import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub, useActionData } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { fieldErrorsOf } from "../../lib/form-values";
import { formOf } from "../../test/forms";
import { CONTACT_FIELDS, ContactForm, type ContactResult, readContactForm } from "./contact-form";

// jsdom lays nothing out, so it has no scrollIntoView.
beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

function renderForm(action: (form: FormData) => Promise<ContactResult>) {
  const Stub = createRoutesStub([
    {
      path: "/contact",
      Component: () => <ContactForm result={useActionData<ContactResult>()} />,
      action: async ({ request }) => action(await request.formData()),
    },
  ]);
  render(<Stub initialEntries={["/contact"]} />);
}

function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
}

const typed = { "Nom complet": "Awa Ngono", "E-mail": "awa@exemple", Objet: "iPhone 13", Message: "Est-il en stock ?" };

describe("ContactForm", () => {
  it("has the browser's own checks on every field", () => {
    renderForm(async () => ({ ok: true, message: "" }));
    const email = screen.getByLabelText("E-mail") as HTMLInputElement;
    expect(email.type).toBe("email");
    expect(email.maxLength).toBe(254);
    expect((screen.getByLabelText("Nom complet") as HTMLInputElement).maxLength).toBe(100);
    expect((screen.getByLabelText("Objet") as HTMLInputElement).maxLength).toBe(150);
    expect((screen.getByLabelText("Message") as HTMLTextAreaElement).maxLength).toBe(5000);
    for (const label of Object.keys(typed))
      expect((screen.getByLabelText(label) as HTMLInputElement).required).toBe(true);
  });

  it("says 'Envoi…' while sending, then shows the shop's confirmation and empties the form", async () => {
    let answer: (r: ContactResult) => void = () => {};
    renderForm(() => new Promise((resolve) => (answer = resolve)));
    fill(typed);
    fireEvent.click(screen.getByRole("button", { name: "Envoyer le message" }));
    const pending = await screen.findByRole("button", { name: "Envoi…" });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    answer({ ok: true, message: "Merci ! Votre message a bien été envoyé. Nous vous répondrons rapidement." });
    expect((await screen.findByRole("status")).textContent).toBe(
      "Merci ! Votre message a bien été envoyé. Nous vous répondrons rapidement.",
    );
    // The form is emptied by an effect, after the confirmation is drawn.
    await waitFor(() => expect((screen.getByLabelText("Message") as HTMLTextAreaElement).value).toBe(""));
    expect(screen.getByRole("button", { name: "Envoyer le message" })).toBeTruthy();
  });

  it("keeps every typed word on a refusal and shows the French error by its field", async () => {
    renderForm(async (form) => ({
      ok: false,
      message: "Adresse e-mail invalide.",
      values: readContactForm(form),
      fieldErrors: { email: "Adresse e-mail invalide." },
    }));
    fill(typed);
    fireEvent.click(screen.getByRole("button", { name: "Envoyer le message" }));
    expect((await screen.findByRole("alert")).textContent).toContain("E-mail : Adresse e-mail invalide.");
    const email = screen.getByLabelText("E-mail");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(email.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Adresse e-mail invalide.",
    );
    // Focus moves in an effect, after the errors are drawn.
    await waitFor(() => expect(document.activeElement).toBe(email));
    for (const [label, value] of Object.entries(typed)) {
      expect((screen.getByLabelText(label) as HTMLInputElement).value).toBe(value);
    }
  });

  it("shows a refusal without a field (rate limit) and says the text is kept", async () => {
    renderForm(async (form) => ({
      ok: false,
      message: "Trop de tentatives. Veuillez réessayer dans quelques minutes.",
      values: readContactForm(form),
      fieldErrors: {},
    }));
    fill(typed);
    fireEvent.click(screen.getByRole("button", { name: "Envoyer le message" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Trop de tentatives");
    expect(alert.textContent).toContain("Votre texte est conservé");
    expect((screen.getByLabelText("Message") as HTMLTextAreaElement).value).toBe("Est-il en stock ?");
  });
});

describe("fieldErrorsOf", () => {
  it("maps the API's issue paths to the form's fields, first message first", () => {
    expect(
      fieldErrorsOf(
        [
          { path: "body.email", message: "Adresse e-mail invalide." },
          { path: "body.email", message: "autre" },
          { path: "subject", message: "L'objet est obligatoire." },
          { path: "body", message: "Données invalides." },
        ],
        CONTACT_FIELDS,
      ),
    ).toEqual({ email: "Adresse e-mail invalide.", subject: "L'objet est obligatoire." });
  });
});

describe("readContactForm", () => {
  it("reads the four fields as text, a missing one as empty", () => {
    const form = formOf({ name: "Awa", email: "awa@exemple.cm", extra: "x" });
    expect(readContactForm(form)).toEqual({ name: "Awa", email: "awa@exemple.cm", subject: "", message: "" });
  });
});
