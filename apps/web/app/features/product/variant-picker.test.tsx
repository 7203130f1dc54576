import { fireEvent, render, screen, within } from "@testing-library/react";
import { createRoutesStub, useLocation, useSearchParams } from "react-router";
import { describe, expect, it } from "vitest";
import { IPHONE_OPTIONS, IPHONE_VARIANTS, iphone } from "../../test/iphone-variants";
import { chosenVariant } from "./variant-choice";
import { VariantPicker } from "./variant-picker";

/** The product page's use of the picker: the choice is the address's. */
function Page() {
  const [params] = useSearchParams();
  const location = useLocation();
  const chosen = chosenVariant(IPHONE_VARIANTS, params.get("variant"));
  return (
    <>
      <VariantPicker options={IPHONE_OPTIONS} variants={IPHONE_VARIANTS} chosen={chosen} />
      <p>Choix : {chosen?.label}</p>
      <p>Adresse : {location.pathname + location.search}</p>
    </>
  );
}

function renderAt(url: string) {
  const Stub = createRoutesStub([{ path: "/product/:id", Component: Page }]);
  render(<Stub initialEntries={[url]} />);
}

const group = (name: RegExp) => screen.getByRole("group", { name });
const value = (groupName: RegExp, name: RegExp) => within(group(groupName)).getByRole("button", { name });
const pressed = (button: HTMLElement) => button.getAttribute("aria-pressed");

describe("VariantPicker", () => {
  it("shows one labelled group per option, the default choice pressed when the address names none", () => {
    renderAt("/product/p1");
    expect(group(/^Stockage : 128 Go$/)).toBeTruthy();
    expect(group(/^Couleur : Noir$/)).toBeTruthy();
    expect(pressed(value(/Stockage/, /^128 Go/))).toBe("true");
    expect(pressed(value(/Stockage/, /^256 Go/))).toBe("false");
    expect(screen.getByText("Choix : 128 Go, Noir")).toBeTruthy();
  });

  it("opens on the choice of a shared link, and says which values are sold out or not sold", () => {
    renderAt(`/product/p1?variant=${iphone("256 Go", "Noir")._id}`);
    expect(pressed(value(/Stockage/, /^256 Go$/))).toBe("true");
    expect(pressed(value(/Couleur/, /^Noir$/))).toBe("true");
    // The name holds the words shown, apart as they are on screen (WCAG 2.5.3).
    expect(value(/Couleur/, /^Bleu, épuisé$/).textContent).toBe("Bleu Épuisé");
    const rose = value(/Couleur/, /^Rose, non disponible avec ce choix$/);
    expect(rose.className).toContain("line-through");
    // Still focusable and choosable: a submit of the nearest variant sold.
    expect((rose as HTMLButtonElement).disabled).toBe(false);
    expect(rose.getAttribute("value")).toBe(iphone("128 Go", "Rose")._id);
  });

  it("a choice replaces ?variant= in the address, and the other values follow it", async () => {
    renderAt(`/product/p1?variant=${iphone("256 Go", "Noir")._id}`);
    fireEvent.click(value(/Couleur/, /^Bleu/));
    expect(await screen.findByText("Choix : 256 Go, Bleu")).toBeTruthy();
    expect(screen.getByText(`Adresse : /product/p1?variant=${iphone("256 Go", "Bleu")._id}`)).toBeTruthy();
    expect(pressed(value(/Couleur/, /^Bleu/))).toBe("true");
    // With Bleu chosen, 512 Go is not sold in Bleu.
    expect(value(/Stockage/, /^512 Go, non disponible avec ce choix$/)).toBeTruthy();
  });

  it("the chosen value is not sent again (the page would load itself again for nothing)", () => {
    renderAt(`/product/p1?variant=${iphone("256 Go", "Noir")._id}`);
    expect(value(/Couleur/, /^Noir$/).getAttribute("type")).toBe("button");
    expect(value(/Couleur/, /^Bleu/).getAttribute("type")).toBe("submit");
  });

  it("choosing a value not sold with the others moves to the nearest combination sold", async () => {
    renderAt(`/product/p1?variant=${iphone("512 Go", "Noir")._id}`);
    fireEvent.click(value(/Couleur/, /^Rose/));
    expect(await screen.findByText("Choix : 128 Go, Rose")).toBeTruthy();
    expect(pressed(value(/Stockage/, /^128 Go$/))).toBe("true");
    expect(pressed(value(/Couleur/, /^Rose$/))).toBe("true");
  });

  it("offers nothing for a product without options", () => {
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => (
          <VariantPicker
            options={[]}
            variants={[{ ...iphone("128 Go", "Noir"), optionValues: [] }]}
            chosen={undefined}
          />
        ),
      },
    ]);
    const { container } = render(<Stub initialEntries={["/"]} />);
    expect(container.querySelector("form")).toBeNull();
  });
});
