import { useEffect } from "react";
import { Link, redirect, useNavigation } from "react-router";
import { toast } from "../../components/ui/toast";
import { adminApi } from "../../features/admin/admin-api";
import { markMessage } from "../../features/admin/messages/mark-message.server";
import { MessageCard } from "../../features/admin/messages/message-card";
import { MESSAGES_PAGE_SIZE, messagesHref, readMessagesQuery } from "../../features/admin/messages/messages-query";
import { AdminRouteError } from "../../features/admin/orders/admin-route-error";
import { plural } from "../../features/admin/orders/order-format";
import { Pager } from "../../features/admin/orders/pager";
import { requireAdmin } from "../../features/admin/require-admin.server";
import type { Route } from "./+types/messages";

export function meta() {
  return [{ title: "Messages" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = readMessagesQuery(new URL(request.url));
  const { messages, total } = await adminApi(request).messages({
    unread: query.unread || undefined,
    page: query.page,
    limit: MESSAGES_PAGE_SIZE,
  });
  // A page past the end (an old link, messages read since): the last page there is.
  const last = Math.max(1, Math.ceil(total / MESSAGES_PAGE_SIZE));
  if (query.page > last) throw redirect(messagesHref({ ...query, page: last }));
  return { query, messages, total };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return markMessage(request);
}

const pill = "inline-flex min-h-11 items-center rounded-full px-4 py-2 text-sm font-semibold ring-1";

/** 'Messages': the contact form's messages, newest first, the unread ones marked and filterable. */
export default function AdminMessages({ loaderData, actionData }: Route.ComponentProps) {
  const { query, messages, total } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  useEffect(() => {
    if (actionData?.ok) toast.success(actionData.message);
  }, [actionData]);
  return (
    <main className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-extrabold">Messages</h1>
      <p className="mt-1 text-slate-700">
        {query.unread ? plural(total, "message non lu", "messages non lus") : plural(total, "message")}
      </p>
      <nav aria-label="Filtrer les messages" className="mt-4">
        <ul className="flex gap-2">
          {[
            { unread: false, label: "Tous" },
            { unread: true, label: "Non lus" },
          ].map((filter) => {
            const current = filter.unread === query.unread;
            return (
              <li key={filter.label}>
                <Link
                  to={messagesHref({ unread: filter.unread })}
                  aria-current={current ? "page" : undefined}
                  className={`${pill} ${current ? "bg-brand text-white ring-brand" : "bg-white text-slate-800 ring-slate-300 hover:bg-slate-100"}`}
                >
                  {filter.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {/* A success is announced by its toast; this stays on the page after the toast closes. */}
      {actionData && (
        <p
          role={actionData.ok ? undefined : "alert"}
          className={`mt-4 rounded-md p-3 font-medium ring-1 ${actionData.ok ? "bg-green-50 text-green-900 ring-green-200" : "bg-red-50 text-red-800 ring-red-200"}`}
        >
          {actionData.message}
        </p>
      )}
      {messages.length === 0 ? (
        <p className="mt-4 rounded-lg bg-white p-6 text-center font-semibold ring-1 ring-slate-200">
          {query.unread ? "Aucun message non lu." : "Aucun message pour le moment."}
        </p>
      ) : (
        <ul className="mt-4 space-y-3">
          {messages.map((message) => (
            <li key={message._id}>
              <MessageCard message={message} busy={busy} />
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={query.page}
        total={total}
        pageSize={MESSAGES_PAGE_SIZE}
        hrefOf={(page) => messagesHref({ ...query, page })}
      />
    </main>
  );
}

export function ErrorBoundary() {
  return (
    <AdminRouteError
      notFound={{ title: "Page introuvable", hint: "Cette page du back-office n'existe pas." }}
      back={{ to: "/admin-panel/messages", label: "Voir les messages" }}
    />
  );
}
