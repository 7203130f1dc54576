import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { feedAddress, ProductFeeds } from "./product-feeds";

const ORIGIN = "https://boutique.example.cm";
const META = "https://boutique.example.cm/feeds/meta.csv";
const GOOGLE = "https://boutique.example.cm/feeds/google.xml";

/** The line of the feed whose heading is `name`. */
const line = (name: string) => screen.getByRole("heading", { level: 3, name }).closest("li") as HTMLElement;

/** With a clipboard that `writeText` stands in for, for the time of `run`. */
async function withClipboard(writeText: (text: string) => Promise<void>, run: () => Promise<void>) {
  Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
  try {
    await run();
  } finally {
    Reflect.deleteProperty(navigator, "clipboard");
  }
}

describe("ProductFeeds", () => {
  it("gives both feeds' absolute addresses under the shop's origin, with where to paste them", () => {
    render(<ProductFeeds origin={ORIGIN} />);
    const meta = line("Catalogue WhatsApp Business, Facebook et Instagram (Meta Commerce Manager)");
    const google = line("Google Merchant Center");
    expect(meta.querySelector("code")?.textContent).toBe(META);
    expect(google.querySelector("code")?.textContent).toBe(GOOGLE);
    expect(within(meta).getByText(/Meta Commerce Manager : Catalogue → Sources de données/)).toBeTruthy();
    expect(within(google).getByText(/Dans Google Merchant Center/)).toBeTruthy();
    // Selectable in one tap and broken anywhere on a narrow phone.
    expect(meta.querySelector("code")?.className).toMatch(
      /\bselect-all\b.*\bbreak-all\b|\bbreak-all\b.*\bselect-all\b/,
    );
  });

  it("makes the address from the origin alone, whatever the port", () => {
    expect(feedAddress("http://127.0.0.1:3296", "/feeds/google.xml")).toBe("http://127.0.0.1:3296/feeds/google.xml");
  });

  it("copies an address where the browser allows it, and says so politely", async () => {
    const writeText = vi.fn(async (_text: string) => {});
    await withClipboard(writeText, async () => {
      render(<ProductFeeds origin={ORIGIN} />);
      const google = line("Google Merchant Center");
      fireEvent.click(await within(google).findByRole("button", { name: "Copier l'adresse du flux Google" }));
      await waitFor(() => expect(within(google).getByRole("status").textContent).toBe("Adresse copiée"));
      expect(writeText).toHaveBeenCalledWith(GOOGLE);
      // The other line says nothing.
      const meta = line("Catalogue WhatsApp Business, Facebook et Instagram (Meta Commerce Manager)");
      expect(within(meta).getByRole("status").textContent).toBe("");

      fireEvent.click(within(meta).getByRole("button", { name: "Copier l'adresse du flux Meta" }));
      await waitFor(() => expect(within(meta).getByRole("status").textContent).toBe("Adresse copiée"));
      expect(writeText).toHaveBeenLastCalledWith(META);
    });
  });

  it("says when the copy fails, pointing to the selectable address", async () => {
    await withClipboard(
      async () => {
        throw new Error("NotAllowedError");
      },
      async () => {
        render(<ProductFeeds origin={ORIGIN} />);
        const meta = line("Catalogue WhatsApp Business, Facebook et Instagram (Meta Commerce Manager)");
        fireEvent.click(await within(meta).findByRole("button", { name: /^Copier/ }));
        await waitFor(() => expect(within(meta).getByRole("status").textContent).toMatch(/n'a pas fonctionné/));
      },
    );
  });

  it("serves the addresses as text and no 'Copier' in the server's HTML (no scripts yet)", async () => {
    await withClipboard(
      async () => {},
      async () => {
        const html = renderToString(<ProductFeeds origin={ORIGIN} />);
        expect(html).toContain(META);
        expect(html).toContain(GOOGLE);
        expect(html).not.toContain("<button");
      },
    );
  });

  it("offers no 'Copier' where the browser has no clipboard: the addresses stay as text", () => {
    render(<ProductFeeds origin={ORIGIN} />);
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByText(META)).toBeTruthy();
  });
});
