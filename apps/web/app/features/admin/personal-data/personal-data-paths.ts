/** 'Données personnelles' (decision 041): the owner's screen and the register it links to. */
export const PERSONAL_DATA_PATH = "/admin-panel/personal-data";
export const REGISTER_PATH = "/admin-panel/personal-data/register";

/** Which requests the screen lists: those still to answer (the default), or every one. */
export type RequestsShow = "open" | "all";

/** The list asked for by the address; anything but "all" is the requests to answer. */
export const readShow = (url: URL): RequestsShow => (url.searchParams.get("show") === "all" ? "all" : "open");

export const requestsHref = (show: RequestsShow) =>
  show === "all" ? `${PERSONAL_DATA_PATH}?show=all` : PERSONAL_DATA_PATH;

/**
 * The customer's data as a zip: the API's own address, on the same origin, so the browser
 * downloads it with the session's cookie and no script is needed (as the Journal's CSV).
 */
export const archiveHref = (id: string) => `/api/admin/privacy-requests/${encodeURIComponent(id)}/archive`;

export const orderHref = (reference: string) => `/admin-panel/orders/${encodeURIComponent(reference)}`;
