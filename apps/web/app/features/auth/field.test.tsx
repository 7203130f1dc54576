import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Field } from "../../components/ui/field";
import { PasswordInput } from "./field";

describe("PasswordInput", () => {
  it("shows and hides what was typed, the button saying what it will do", () => {
    render(
      <Field id="pw" name="password" label="Mot de passe">
        {(props) => <PasswordInput {...props} autoComplete="current-password" />}
      </Field>,
    );
    const input = screen.getByLabelText("Mot de passe") as HTMLInputElement;
    expect(input.type).toBe("password");
    expect(input.required).toBe(true);
    expect(input.autocomplete).toBe("current-password");
    const show = screen.getByRole("button", { name: "Afficher le mot de passe" });
    expect(show.getAttribute("type")).toBe("button");
    expect(show.getAttribute("aria-controls")).toBe("pw");
    fireEvent.click(show);
    expect(input.type).toBe("text");
    fireEvent.click(screen.getByRole("button", { name: "Masquer le mot de passe" }));
    expect(input.type).toBe("password");
    expect(screen.getByRole("button", { name: "Afficher le mot de passe" })).toBeTruthy();
  });
});

describe("Field", () => {
  it("links the control to its hint and its error", () => {
    render(
      <Field id="f" name="email" label="E-mail" hint="Votre adresse." error="Adresse e-mail invalide.">
        {(props) => <input {...props} />}
      </Field>,
    );
    const input = screen.getByLabelText("E-mail");
    expect(input.getAttribute("name")).toBe("email");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe("f-hint f-error");
    expect(document.getElementById("f-error")?.textContent).toBe("Adresse e-mail invalide.");
  });
});
