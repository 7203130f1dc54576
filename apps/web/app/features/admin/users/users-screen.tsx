import type { User } from "@shop/shared";
import { ADMIN_ROLES, outranks } from "@shop/shared/core";
import { useId, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { inputClass } from "../../../components/ui/field";
import type { ListedUser } from "./listed-user";
import { ResetLinkButton } from "./reset-link-button";
import { RoleDialog } from "./role-dialog";
import { filterUsers, usersCount } from "./user-search";

/** An admin's devices, the SUPERADMIN's to see and sign out (decision 039). */
export const userDevicesHref = (userId: string) => `/admin-panel/users/${encodeURIComponent(userId)}/devices`;

/**
 * 'Gestion des Utilisateurs' (SPEC.md §2, decision 019): a search by name or e-mail, the table
 * (#, Nom, Email, Rôle, Actions) that scrolls sideways inside its own box on a phone, and the
 * role change, offered to a SUPERADMIN on every row but their own (the server says the same), and
 * for them each admin's devices.
 */
export function UsersScreen({
  users,
  me,
  error,
}: {
  users: readonly ListedUser[];
  me: Pick<User, "_id" | "role">;
  error: string | null;
}) {
  const [query, setQuery] = useState("");
  const [editing, setEditing] = useState<ListedUser | null>(null);
  const revalidator = useRevalidator();
  const searchId = useId();
  const shown = filterUsers(users, query);
  const canChangeRoles = me.role === "SUPERADMIN";

  return (
    <>
      <h1 className="text-2xl font-extrabold">Gestion des Utilisateurs</h1>
      {error ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 font-medium text-red-800">
          {error}
        </p>
      ) : (
        <>
          <div className="mt-4 max-w-md">
            <label htmlFor={searchId} className="font-medium">
              Rechercher par nom ou e-mail
            </label>
            <input
              id={searchId}
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              autoComplete="off"
              className={inputClass}
            />
          </div>
          <p role="status" className="mt-3 text-sm text-slate-700">
            {query.trim() ? `${usersCount(shown.length)} sur ${users.length}` : usersCount(users.length)}
          </p>
          {!canChangeRoles && (
            <p className="mt-1 text-sm text-slate-700">Seul un super administrateur peut changer les rôles.</p>
          )}
          {shown.length === 0 ? (
            <p className="mt-4 rounded-lg bg-white p-6 text-center ring-1 ring-slate-200">
              {query.trim() ? `Aucun utilisateur ne correspond à « ${query.trim()} ».` : "Pas de données...."}
            </p>
          ) : (
            <section
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard (WCAG 2.1.1)
              tabIndex={0}
              aria-label="Tableau des utilisateurs"
              // relative: the box holds the actions' visually-hidden words (position: absolute), which
              // placed against the page would widen it sideways on a phone instead of scrolling here.
              className="relative mt-4 overflow-x-auto rounded-lg bg-white ring-1 ring-slate-200"
            >
              <table className="w-full min-w-[32rem] text-left text-sm">
                <thead className="bg-slate-100 text-slate-700">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      #
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Nom
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Email
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Rôle
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Actions
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((user, index) => (
                    <tr key={user._id} className="border-t border-slate-200">
                      <td className="px-3 py-2 tabular-nums">{index + 1}</td>
                      <th scope="row" className="px-3 py-2 font-medium">
                        {user.name}
                      </th>
                      <td className="px-3 py-2 break-all">{user.email}</td>
                      <td className="px-3 py-2">{user.role}</td>
                      <td className="px-3 py-2">
                        {user._id === me._id ? (
                          <span className="text-slate-600">Vous</span>
                        ) : (
                          <span className="flex flex-wrap items-start gap-2">
                            {canChangeRoles && (
                              <button
                                type="button"
                                onClick={() => setEditing(user)}
                                className="min-h-11 rounded-full border border-brand px-4 font-semibold text-brand hover:bg-brand hover:text-white"
                              >
                                {/* The name starts with the words shown (WCAG 2.5.3): whoever drives the
                                    phone by voice says « Modifier »; the rest tells the rows apart. */}
                                Modifier <span className="sr-only">le rôle de {user.name}</span>
                              </button>
                            )}
                            {outranks(me.role, user.role) && <ResetLinkButton userId={user._id} name={user.name} />}
                            {canChangeRoles && ADMIN_ROLES.includes(user.role) && (
                              <Link
                                to={userDevicesHref(user._id)}
                                className="inline-flex min-h-11 items-center rounded-full border border-slate-400 px-4 font-semibold text-slate-800 hover:bg-slate-100"
                              >
                                Appareils <span className="sr-only">de {user.name}</span>
                              </Link>
                            )}
                          </span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )}
        </>
      )}
      {editing && (
        <RoleDialog
          user={editing}
          onClose={() => setEditing(null)}
          onChanged={() => {
            setEditing(null);
            void revalidator.revalidate();
          }}
        />
      )}
    </>
  );
}
