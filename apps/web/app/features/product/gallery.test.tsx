import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Gallery } from "./gallery";

const IMAGES = ["a", "b", "c"].map((id) => `/uploads/images/${id}/800.webp`);
const NAME = "iPhone 13 128 Go";

// Links to the photo's 800 px file, so that they show it before the scripts run.
const thumbnail = (n: number) => screen.getByRole("link", { name: `Voir l'image ${n} de 3` });
const mainImage = () => screen.getByRole("link", { name: "Agrandir l'image" });
const dialog = () => screen.queryByRole("dialog");
const shownImage = () => screen.getByRole("img", { name: new RegExp(`^${NAME} \\(\\d sur 3\\)$`) });

/** jsdom has no matchMedia: answer the zoom's media query as a desktop or a phone would. */
function screenWithMouse(large: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: large, media: query }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Gallery: the image preview", () => {
  it("opens on a thumbnail, on that image in the 800/1600 sizes, with the focus inside", () => {
    render(<Gallery images={IMAGES} alt={NAME} />);
    expect(dialog()).toBeNull();
    fireEvent.click(thumbnail(2));

    expect(dialog()).not.toBeNull();
    expect(screen.getByText("Image 2 sur 3")).toBeTruthy();
    const image = shownImage();
    expect(image.getAttribute("alt")).toBe(`${NAME} (2 sur 3)`);
    expect(image.getAttribute("src")).toBe("/uploads/images/b/800.webp");
    expect(image.getAttribute("srcset")).toBe("/uploads/images/b/800.webp 800w, /uploads/images/b/1600.webp 1600w");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Fermer" }));
  });

  it("links the main image and the thumbnails to the 800 px files, and opens the preview instead of following them", () => {
    // Stored under another width: the links still lead to the 800 px file of each photo.
    const stored = ["a", "b"].map((id) => `/uploads/images/${id}/400.webp`);
    render(<Gallery images={stored} alt={NAME} />);
    const main = mainImage();
    expect(main.getAttribute("href")).toBe("/uploads/images/a/800.webp");
    expect(screen.getByRole("link", { name: "Voir l'image 1 de 2" }).getAttribute("href")).toBe(
      "/uploads/images/a/800.webp",
    );
    const second = screen.getByRole("link", { name: "Voir l'image 2 de 2" });
    expect(second.getAttribute("href")).toBe("/uploads/images/b/800.webp");

    // fireEvent returns false when a handler prevented the default: the link is not followed.
    expect(fireEvent.click(second)).toBe(false);
    expect(screen.getByText("Image 2 sur 2")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Fermer" }));
    expect(fireEvent.click(main)).toBe(false);
    expect(dialog()).not.toBeNull();
  });

  it("moves with the arrow keys and Précédent/Suivant, round the ends", () => {
    render(<Gallery images={IMAGES} alt={NAME} />);
    fireEvent.click(thumbnail(2));
    const preview = dialog() as HTMLElement;

    fireEvent.keyDown(preview, { key: "ArrowRight" });
    expect(screen.getByText("Image 3 sur 3")).toBeTruthy();
    fireEvent.keyDown(preview, { key: "ArrowRight" });
    expect(screen.getByText("Image 1 sur 3")).toBeTruthy();
    fireEvent.keyDown(preview, { key: "ArrowLeft" });
    expect(screen.getByText("Image 3 sur 3")).toBeTruthy();
    expect(shownImage().getAttribute("src")).toBe("/uploads/images/c/800.webp");

    fireEvent.click(screen.getByRole("button", { name: "Précédent" }));
    expect(screen.getByText("Image 2 sur 3")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Suivant" }));
    fireEvent.click(screen.getByRole("button", { name: "Suivant" }));
    expect(screen.getByText("Image 1 sur 3")).toBeTruthy();
  });

  it("closes on Escape and gives the focus back to the thumbnail, whose image is now the main one", () => {
    render(<Gallery images={IMAGES} alt={NAME} />);
    fireEvent.click(thumbnail(2));
    fireEvent.keyDown(dialog() as HTMLElement, { key: "ArrowRight" });
    fireEvent.keyDown(dialog() as HTMLElement, { key: "Escape" });

    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(thumbnail(2));
    // The last image seen in the preview stays on screen.
    expect(thumbnail(3).getAttribute("aria-current")).toBe("true");
    expect(mainImage().querySelector("img")?.getAttribute("src")).toBe("/uploads/images/c/800.webp");
  });

  it("closes with 'Fermer', and opens from the main image too", () => {
    render(<Gallery images={IMAGES} alt={NAME} />);
    const main = mainImage();
    fireEvent.click(main);
    expect(screen.getByText("Image 1 sur 3")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Fermer" }));
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(main);
  });

  describe("where the browser has showModal", () => {
    beforeEach(() => {
      // jsdom's <dialog> has none: the smallest stand-in that opens and closes it.
      HTMLDialogElement.prototype.showModal = vi.fn(function (this: HTMLDialogElement) {
        this.setAttribute("open", "");
      });
      HTMLDialogElement.prototype.close = vi.fn(function (this: HTMLDialogElement) {
        this.removeAttribute("open");
      });
    });
    afterEach(() => {
      Reflect.deleteProperty(HTMLDialogElement.prototype, "showModal");
      Reflect.deleteProperty(HTMLDialogElement.prototype, "close");
    });

    it("opens the dialog as a modal and treats the browser's cancel (Escape, back gesture) as 'Fermer'", () => {
      render(<Gallery images={IMAGES} alt={NAME} />);
      fireEvent.click(thumbnail(1));
      expect(HTMLDialogElement.prototype.showModal).toHaveBeenCalledTimes(1);
      const cancel = new Event("cancel", { cancelable: true });
      fireEvent(dialog() as HTMLElement, cancel);
      expect(cancel.defaultPrevented).toBe(true);
      expect(dialog()).toBeNull();
      expect(document.activeElement).toBe(thumbnail(1));
    });
  });

  it("shows one image without thumbnails nor Précédent/Suivant", () => {
    render(<Gallery images={IMAGES.slice(0, 1)} alt={NAME} />);
    expect(screen.queryByRole("link", { name: /Voir l'image/ })).toBeNull();
    fireEvent.click(mainImage());
    expect(screen.getByText("Image 1 sur 1")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Suivant" })).toBeNull();
  });
});

describe("Gallery: the hover zoom", () => {
  const zoom = () => document.querySelector<HTMLImageElement>("img[data-zoom]");
  const main = mainImage;

  it("downloads nothing for the zoom on a phone, touch or small screen", () => {
    screenWithMouse(false);
    render(<Gallery images={IMAGES} alt={NAME} />);
    fireEvent.pointerEnter(main(), { pointerType: "mouse" });
    fireEvent.pointerEnter(main(), { pointerType: "touch" });
    expect(zoom()).toBeNull();
    expect(document.querySelector('img[src$="/1600.webp"], img[srcset*="1600"]')).toBeNull();
  });

  it("on a large screen with a mouse, asks for the 1600 image at the first hover and shows it once loaded", () => {
    screenWithMouse(true);
    render(<Gallery images={IMAGES} alt={NAME} />);
    expect(zoom()).toBeNull();

    fireEvent.pointerEnter(main(), { pointerType: "mouse", clientX: 10, clientY: 10 });
    const lens = zoom();
    expect(lens?.getAttribute("src")).toBe("/uploads/images/a/1600.webp");
    expect(lens?.className).toContain("opacity-0");
    fireEvent.load(lens as HTMLImageElement);
    expect(zoom()?.className).toContain("opacity-100");

    fireEvent.pointerLeave(main(), { pointerType: "mouse" });
    expect(zoom()?.className).toContain("opacity-0");
  });
});
