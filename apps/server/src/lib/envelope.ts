import type { PageMeta } from "@shop/shared";

/** The success envelope every route answers with. */
export function ok<T>(data: T, message = "") {
  return { success: true, error: false, message, data } as const;
}

export function okPage<T>(data: T[], meta: PageMeta, message = "") {
  return { success: true, error: false, message, data, meta } as const;
}

export function fail(message: string, issues?: { path: string; message: string }[], extra?: Record<string, unknown>) {
  return { ...extra, success: false, error: true, message, data: null, ...(issues ? { issues } : {}) } as const;
}
