import { fireEvent, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toast } from "../../components/ui/toast";
import { hydrateOver } from "../../test/hydrate-over";
import { type ReviewResult, Reviews } from "./reviews";

afterEach(() => {
  vi.restoreAllMocks();
});

const star = (n: number) => screen.getByRole("radio", { name: `${n} étoile${n > 1 ? "s" : ""}` }) as HTMLInputElement;

describe("Reviews: a star chosen before the scripts ran", () => {
  it("is kept once they run, through the answer to the form", async () => {
    vi.spyOn(toast, "error").mockImplementation(() => 0);
    const sent: FormData[] = [];
    const Stub = createRoutesStub([
      {
        path: "/product/:id",
        action: async ({ request }): Promise<ReviewResult> => {
          sent.push(await request.formData());
          return { ok: false, message: "Avis refusé.", fieldErrors: { comment: "Le commentaire est trop long." } };
        },
        Component: () => <Reviews productId="p1" list={{ reviews: [], total: 0 }} userId="u1" />,
      },
    ]);
    // The customer's tap while the page has no scripts yet: the browser checks the star.
    await hydrateOver(<Stub initialEntries={["/product/p1"]} />, () => {
      star(4).checked = true;
    });
    expect(star(4).checked).toBe(true);

    // Sending re-renders the stars from the state: had it stayed at 0, the star would be lost.
    fireEvent.click(screen.getByRole("button", { name: "Publier mon avis" }));
    expect(await screen.findByText("Le commentaire est trop long.")).toBeTruthy();
    expect(sent[0]?.get("rating")).toBe("4");
    expect(star(4).checked).toBe(true);
    expect([1, 2, 3, 5].map((n) => star(n).checked)).toEqual([false, false, false, false]);
  });
});
