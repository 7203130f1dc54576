import { pageOf } from "../orders/orders-query";

export const MESSAGES_PAGE_SIZE = 20;

export interface MessagesListQuery {
  unread: boolean;
  page: number;
}

export function readMessagesQuery(url: URL): MessagesListQuery {
  return { unread: url.searchParams.get("unread") === "true", page: pageOf(url.searchParams.get("page")) };
}

export function messagesHref({ unread, page }: Partial<MessagesListQuery>): string {
  const params = new URLSearchParams();
  if (unread) params.set("unread", "true");
  if (page && page > 1) params.set("page", String(page));
  const search = params.toString();
  return `/admin-panel/messages${search ? `?${search}` : ""}`;
}
