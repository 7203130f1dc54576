import { MAX_PRODUCT_IMAGES, MSG } from "@shop/shared/core";
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeXhr, imageFile, installBrowserFakes } from "../../../test/fake-xhr";
import { TOO_MANY_IMAGES } from "./image-uploads";
import { PARALLEL_UPLOADS, useImageUploads } from "./use-image-uploads";

/** Lets the hook's awaits (shrinking, queue) run. */
const settle = () => act(async () => {});

describe("useImageUploads", () => {
  let objectUrls: ReturnType<typeof installBrowserFakes>;
  beforeEach(() => {
    objectUrls = installBrowserFakes();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("uploads each picked photo at once to /api/upload-image with the session, shown from the phone meanwhile", async () => {
    const { result } = renderHook(() => useImageUploads([]));
    act(() => result.current.add([imageFile("face.png"), imageFile("dos.png")]));
    expect(result.current.items.map((i) => [i.name, i.preview])).toEqual([
      ["face.png", "blob:test/1"],
      ["dos.png", "blob:test/2"],
    ]);
    await settle();
    expect(FakeXhr.sent.map((x) => [x.method, x.url, x.withCredentials, x.file.name])).toEqual([
      ["POST", "/api/upload-image", true, "face.png"],
      ["POST", "/api/upload-image", true, "dos.png"],
    ]);
    expect(result.current.sending).toBe(2);

    act(() => FakeXhr.sent[0]!.progress(30, 100));
    expect(result.current.items[0]).toMatchObject({ status: "uploading", progress: 0.3 });

    await act(async () => FakeXhr.sent[0]!.stored("face"));
    expect(result.current.items[0]).toMatchObject({
      status: "done",
      url: "/uploads/images/face/800.webp",
      preview: null,
    });
    // The phone's copy is let go once the server's is shown.
    expect(objectUrls.revoked).toEqual(["blob:test/1"]);
    expect(result.current.urls).toEqual(["/uploads/images/face/800.webp"]);
    expect(result.current.sending).toBe(1);
  });

  it("refuses a file that is not an image before sending anything", async () => {
    const { result } = renderHook(() => useImageUploads([]));
    act(() => result.current.add([imageFile("devis.pdf", "application/pdf")]));
    await settle();
    expect(result.current.items).toEqual([]);
    expect(result.current.notices).toEqual([`devis.pdf : ${MSG.imageInvalid}`]);
    expect(FakeXhr.sent).toEqual([]);
  });

  it(`sends ${PARALLEL_UPLOADS} at a time; the next starts when one is done`, async () => {
    const { result } = renderHook(() => useImageUploads([]));
    act(() => result.current.add([imageFile("1.png"), imageFile("2.png"), imageFile("3.png")]));
    await settle();
    expect(FakeXhr.sent).toHaveLength(PARALLEL_UPLOADS);
    expect(result.current.items[2]!.status).toBe("waiting");
    await act(async () => FakeXhr.sent[1]!.stored("two"));
    await settle();
    expect(FakeXhr.sent.map((x) => x.file.name)).toEqual(["1.png", "2.png", "3.png"]);
  });

  it("shows the server's refusal, or the spec's message when the network failed, and can try again", async () => {
    const { result } = renderHook(() => useImageUploads([]));
    act(() => result.current.add([imageFile("a.png"), imageFile("b.png")]));
    await settle();
    await act(async () =>
      FakeXhr.sent[0]!.respond(400, { success: false, error: true, message: MSG.imageInvalid, data: null }),
    );
    await act(async () => FakeXhr.sent[1]!.failNetwork());
    expect(result.current.items.map((i) => [i.status, i.error])).toEqual([
      ["error", MSG.imageInvalid],
      ["error", "Erreur lors de l'upload de l'image."],
    ]);
    expect(result.current.failed).toBe(2);
    expect(result.current.urls).toEqual([]);

    act(() => result.current.retry(result.current.items[1]!.key));
    await settle();
    expect(FakeXhr.sent).toHaveLength(3);
    await act(async () => FakeXhr.sent[2]!.stored("b"));
    expect(result.current.items[1]).toMatchObject({ status: "done", error: null });
  });

  it("asks to sign in again when the session is over", async () => {
    const { result } = renderHook(() => useImageUploads([]));
    act(() => result.current.add([imageFile("a.png")]));
    await settle();
    await act(async () =>
      FakeXhr.sent[0]!.respond(401, { success: false, error: true, message: MSG.authRequired, data: null }),
    );
    expect(result.current.items[0]!.error).toBe("Erreur d'authentification, veuillez vous reconnecter.");
  });

  it("cancels an upload under way when its photo is removed, and what is left when the form closes", async () => {
    const { result, unmount } = renderHook(() => useImageUploads([]));
    act(() => result.current.add([imageFile("a.png"), imageFile("b.png"), imageFile("c.png")]));
    await settle();
    act(() => result.current.remove(result.current.items[0]!.key));
    expect(FakeXhr.sent[0]!.aborted).toBe(true);
    expect(objectUrls.revoked).toContain("blob:test/1");
    await settle();
    expect(result.current.items.map((i) => i.name)).toEqual(["b.png", "c.png"]);
    // Its place went to the waiting photo.
    expect(FakeXhr.sent.map((x) => x.file.name)).toEqual(["a.png", "b.png", "c.png"]);
    unmount();
    expect(FakeXhr.sent[1]!.aborted).toBe(true);
    expect(FakeXhr.sent[2]!.aborted).toBe(true);
    expect(objectUrls.revoked).toEqual(expect.arrayContaining(["blob:test/2", "blob:test/3"]));
  });

  it(`keeps at most ${MAX_PRODUCT_IMAGES} photos, counting those the product has`, async () => {
    const saved = Array.from({ length: MAX_PRODUCT_IMAGES - 1 }, (_, i) => `/uploads/images/s${i}/800.webp`);
    const { result } = renderHook(() => useImageUploads(saved));
    act(() => result.current.add([imageFile("a.png"), imageFile("b.png")]));
    expect(result.current.items).toHaveLength(MAX_PRODUCT_IMAGES);
    expect(result.current.notices).toEqual([`${TOO_MANY_IMAGES} Les autres n'ont pas été ajoutées.`]);
    await settle();
    expect(FakeXhr.sent.map((x) => x.file.name)).toEqual(["a.png"]);
  });

  it("reorders: the photos are saved in the order shown", async () => {
    const { result } = renderHook(() => useImageUploads(["/uploads/images/a/800.webp", "/uploads/images/b/800.webp"]));
    act(() => result.current.move(result.current.items[1]!.key, -1));
    expect(result.current.urls).toEqual(["/uploads/images/b/800.webp", "/uploads/images/a/800.webp"]);
  });
});
