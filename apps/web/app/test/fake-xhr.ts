import { vi } from "vitest";

/**
 * XMLHttpRequest as the browser gives it, answered by the test: each `send` is recorded, and
 * the test moves it on (progress, an answer, a network failure). Only the browser API is
 * replaced; the code under test builds its requests as in the browser.
 */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  method = "";
  url = "";
  withCredentials = false;
  body: FormData | null = null;
  status = 0;
  responseText = "";
  aborted = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  /** The file sent in the multipart body. */
  get file(): File {
    return this.body?.get("image") as File;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === "string" ? body : JSON.stringify(body);
    this.onload?.();
  }
  stored(id: string) {
    const sizes = [400, 800, 1600].map((width) => ({ width, url: `/uploads/images/${id}/${width}.webp` }));
    this.respond(201, {
      success: true,
      error: false,
      message: "Image enregistrée.",
      data: { url: sizes[1]!.url, sizes },
    });
  }
  failNetwork() {
    this.onerror?.();
  }
}

/** Installs FakeXhr and object URLs (jsdom has neither upload progress nor object URLs). */
export function installBrowserFakes() {
  FakeXhr.sent = [];
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  // Node's URL has them, jsdom's may not: define them so they can be watched.
  URL.createObjectURL ??= () => "";
  URL.revokeObjectURL ??= () => {};
  let n = 0;
  const created: string[] = [];
  const revoked: string[] = [];
  vi.spyOn(URL, "createObjectURL").mockImplementation(() => {
    const url = `blob:test/${++n}`;
    created.push(url);
    return url;
  });
  vi.spyOn(URL, "revokeObjectURL").mockImplementation((url: string) => {
    revoked.push(url);
  });
  return { created, revoked };
}

export const imageFile = (name: string, type = "image/png") =>
  new File([new Uint8Array([137, 80, 78, 71])], name, { type });
