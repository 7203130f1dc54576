import { MAX_PRODUCT_IMAGES, MSG } from "@shop/shared/core";

/**
 * A product's photos in the form: those it already has, and those being added, each on its way
 * from the phone to /api/upload-image. Only `done` ones are saved with the product, in this
 * order; the first is the main image.
 */
export type ImageStatus = "waiting" | "uploading" | "done" | "error";

export interface ImageItem {
  key: string;
  /** The picked file's name, or "Image n" for a photo the product already had. */
  name: string;
  /** The stored image's URL, once the server has it. */
  url: string | null;
  /** The picked file shown from the phone's memory (an object URL) until the server's copy is there. */
  preview: string | null;
  status: ImageStatus;
  /** Share of the file sent, 0 to 1. */
  progress: number;
  error: string | null;
}

export interface ImagesState {
  items: readonly ImageItem[];
  /** What was refused in the last pick (not an image, too many), said at once beside the buttons. */
  notices: readonly string[];
}

export type ImagesAction =
  | { type: "picked"; items: readonly ImageItem[]; notices: readonly string[] }
  | { type: "started"; key: string }
  | { type: "progressed"; key: string; fraction: number }
  | { type: "uploaded"; key: string; url: string }
  | { type: "failed"; key: string; error: string }
  | { type: "retried"; key: string }
  | { type: "removed"; key: string }
  | { type: "moved"; key: string; offset: -1 | 1 };

export const TOO_MANY_IMAGES = `${MAX_PRODUCT_IMAGES} images au maximum par produit.`;

/** The photos a product already has, as the form starts with them. */
export function initialImages(urls: readonly string[]): ImagesState {
  return {
    items: urls.map((url, i) => ({
      key: `saved-${i}`,
      name: `Image ${i + 1}`,
      url,
      preview: null,
      status: "done",
      progress: 1,
      error: null,
    })),
    notices: [],
  };
}

/**
 * Which picked files may go: images only (anything else is refused at once with the spec's
 * message, before a byte is sent), and no more than `room` of them.
 */
export function screenFiles(files: readonly File[], room: number): { accepted: File[]; notices: string[] } {
  const accepted: File[] = [];
  const notices: string[] = [];
  let tooMany = false;
  for (const file of files) {
    if (!file.type.startsWith("image/")) notices.push(`${file.name} : ${MSG.imageInvalid}`);
    else if (accepted.length >= room) tooMany = true;
    else accepted.push(file);
  }
  if (tooMany) notices.push(`${TOO_MANY_IMAGES} Les autres n'ont pas été ajoutées.`);
  return { accepted, notices };
}

const update = (state: ImagesState, key: string, change: (item: ImageItem) => ImageItem): ImagesState => ({
  ...state,
  items: state.items.map((item) => (item.key === key ? change(item) : item)),
});

export function imagesReducer(state: ImagesState, action: ImagesAction): ImagesState {
  switch (action.type) {
    case "picked":
      return { items: [...state.items, ...action.items], notices: action.notices };
    case "started":
      return update(state, action.key, (item) => ({ ...item, status: "uploading", progress: 0, error: null }));
    case "progressed":
      return update(state, action.key, (item) =>
        item.status === "uploading"
          ? { ...item, progress: Math.max(item.progress, Math.min(1, action.fraction)) }
          : item,
      );
    case "uploaded":
      return update(state, action.key, (item) => ({
        ...item,
        status: "done",
        url: action.url,
        preview: null,
        progress: 1,
      }));
    case "failed":
      return update(state, action.key, (item) => ({ ...item, status: "error", error: action.error }));
    case "retried":
      return update(state, action.key, (item) => ({ ...item, status: "waiting", progress: 0, error: null }));
    case "removed":
      return { items: state.items.filter((item) => item.key !== action.key), notices: [] };
    case "moved": {
      const from = state.items.findIndex((item) => item.key === action.key);
      const to = from + action.offset;
      if (from < 0 || to < 0 || to >= state.items.length) return state;
      const items = [...state.items];
      const [moved] = items.splice(from, 1);
      items.splice(to, 0, moved!);
      return { ...state, items };
    }
  }
}

/** The stored photos in their order: what the product is saved with. */
export const savedUrls = (state: ImagesState): string[] =>
  state.items.flatMap((item) => (item.status === "done" && item.url ? [item.url] : []));

export const sending = (state: ImagesState) =>
  state.items.filter((i) => i.status === "waiting" || i.status === "uploading").length;
export const failed = (state: ImagesState) => state.items.filter((i) => i.status === "error").length;
