import { fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Newsletter } from "./newsletter";

function renderNewsletter(at: string) {
  const Stub = createRoutesStub([{ path: "*", Component: Newsletter }]);
  render(<Stub initialEntries={[at]} />);
}

const field = () => screen.getByRole("textbox", { name: /e-mail/i }) as HTMLInputElement;
const form = () => field().form as HTMLFormElement;

afterEach(() => vi.restoreAllMocks());

describe("Newsletter", () => {
  it("posts the address to /newsletter, with the page to come back to, before the scripts run", () => {
    renderNewsletter("/product/abc?avis=1");
    expect(form().getAttribute("method")).toBe("post");
    expect(form().getAttribute("action")).toBe("/newsletter");
    expect(field().name).toBe("email");
    expect(field().type).toBe("email");
    expect(field().required).toBe(true);
    fireEvent.change(field(), { target: { value: "awa@exemple.cm" } });
    expect(Object.fromEntries(new FormData(form()))).toEqual({ back: "/product/abc?avis=1", email: "awa@exemple.cm" });
  });

  it("with scripts, thanks in an alert with the address, clears the field and posts nothing", () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    renderNewsletter("/");
    fireEvent.change(field(), { target: { value: "awa@exemple.cm" } });
    // fireEvent returns false when a handler prevented the default: the form is not posted.
    expect(fireEvent.submit(form())).toBe(false);
    expect(alert).toHaveBeenCalledExactlyOnceWith("Merci pour votre abonnement! awa@exemple.cm");
    expect(field().value).toBe("");
    // The page to come back to is not cleared with the field.
    expect(Object.fromEntries(new FormData(form()))).toEqual({ back: "/", email: "" });
  });
});
