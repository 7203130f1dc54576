import { MAX_PRODUCT_IMAGES, MSG } from "@shop/shared/core";
import { describe, expect, it } from "vitest";
import {
  failed,
  type ImageItem,
  imagesReducer,
  initialImages,
  savedUrls,
  screenFiles,
  sending,
  TOO_MANY_IMAGES,
} from "./image-uploads";

const file = (name: string, type = "image/jpeg") => new File(["x"], name, { type });
const item = (key: string, status: ImageItem["status"] = "waiting"): ImageItem => ({
  key,
  name: `${key}.jpg`,
  url: null,
  preview: `blob:${key}`,
  status,
  progress: 0,
  error: null,
});

describe("screenFiles", () => {
  it("takes images and refuses anything else at once, with the spec's message", () => {
    const { accepted, notices } = screenFiles(
      [file("a.jpg"), file("facture.pdf", "application/pdf"), file("b.png", "image/png"), file("sans-type", "")],
      10,
    );
    expect(accepted.map((f) => f.name)).toEqual(["a.jpg", "b.png"]);
    expect(notices).toEqual([`facture.pdf : ${MSG.imageInvalid}`, `sans-type : ${MSG.imageInvalid}`]);
  });

  it("takes no more than the room left, and says so", () => {
    const { accepted, notices } = screenFiles([file("a.jpg"), file("b.jpg"), file("c.jpg")], 2);
    expect(accepted.map((f) => f.name)).toEqual(["a.jpg", "b.jpg"]);
    expect(notices).toEqual([`${TOO_MANY_IMAGES} Les autres n'ont pas été ajoutées.`]);
    expect(TOO_MANY_IMAGES).toContain(String(MAX_PRODUCT_IMAGES));
  });
});

describe("imagesReducer", () => {
  const start = initialImages(["/uploads/images/a/800.webp", "/uploads/images/b/800.webp"]);

  it("starts from the product's photos, stored and in order", () => {
    expect(start.items.map((i) => [i.name, i.status])).toEqual([
      ["Image 1", "done"],
      ["Image 2", "done"],
    ]);
    expect(savedUrls(start)).toEqual(["/uploads/images/a/800.webp", "/uploads/images/b/800.webp"]);
  });

  it("follows a photo from picked to stored: waiting, sending with its progress, then its server URL", () => {
    let state = imagesReducer(start, { type: "picked", items: [item("n1")], notices: [] });
    expect(sending(state)).toBe(1);
    state = imagesReducer(state, { type: "started", key: "n1" });
    state = imagesReducer(state, { type: "progressed", key: "n1", fraction: 0.4 });
    expect(state.items[2]).toMatchObject({ status: "uploading", progress: 0.4 });
    // A late, smaller progress report never moves the bar back.
    state = imagesReducer(state, { type: "progressed", key: "n1", fraction: 0.2 });
    expect(state.items[2]!.progress).toBe(0.4);
    expect(savedUrls(state)).toHaveLength(2);
    state = imagesReducer(state, { type: "uploaded", key: "n1", url: "/uploads/images/n/800.webp" });
    expect(state.items[2]).toMatchObject({ status: "done", preview: null, url: "/uploads/images/n/800.webp" });
    expect(sending(state)).toBe(0);
    expect(savedUrls(state)).toEqual([
      "/uploads/images/a/800.webp",
      "/uploads/images/b/800.webp",
      "/uploads/images/n/800.webp",
    ]);
  });

  it("keeps a failed photo with its message, out of what is saved, until retried or removed", () => {
    let state = imagesReducer(start, { type: "picked", items: [item("n1", "uploading")], notices: [] });
    state = imagesReducer(state, { type: "failed", key: "n1", error: "Erreur lors de l'upload de l'image." });
    expect(failed(state)).toBe(1);
    expect(sending(state)).toBe(0);
    expect(savedUrls(state)).toHaveLength(2);
    state = imagesReducer(state, { type: "retried", key: "n1" });
    expect(state.items[2]).toMatchObject({ status: "waiting", error: null });
    state = imagesReducer(state, { type: "removed", key: "n1" });
    expect(state.items).toHaveLength(2);
  });

  it("moves a photo earlier or later, the first being the main one, and not past either end", () => {
    let state = imagesReducer(start, { type: "picked", items: [item("n1", "done")], notices: [] });
    state = imagesReducer(state, { type: "moved", key: "n1", offset: -1 });
    expect(state.items.map((i) => i.key)).toEqual(["saved-0", "n1", "saved-1"]);
    state = imagesReducer(state, { type: "moved", key: "n1", offset: -1 });
    expect(state.items.map((i) => i.key)).toEqual(["n1", "saved-0", "saved-1"]);
    expect(imagesReducer(state, { type: "moved", key: "n1", offset: -1 })).toBe(state);
    expect(imagesReducer(state, { type: "moved", key: "saved-1", offset: 1 })).toBe(state);
  });

  it("shows the last pick's refusals until the next pick or removal", () => {
    let state = imagesReducer(start, { type: "picked", items: [], notices: ["x.pdf : refusé"] });
    expect(state.notices).toEqual(["x.pdf : refusé"]);
    state = imagesReducer(state, { type: "picked", items: [item("n2")], notices: [] });
    expect(state.notices).toEqual([]);
  });
});
