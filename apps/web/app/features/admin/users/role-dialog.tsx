import type { Role } from "@shop/shared";
import { ROLES } from "@shop/shared/core";
import { type FormEvent, useState } from "react";
import { inputClass } from "../../../components/ui/field";
import { SubmitButton } from "../../../components/ui/submit-button";
import { toast } from "../../../components/ui/toast";
import { adminApi } from "../admin-api";
import { ADMIN_TEXT, adminErrorMessage } from "../admin-errors";
import { Modal } from "../modal";
import type { ListedUser } from "./listed-user";

/**
 * 'Changer le role de l'utilisateur' (SPEC.md §2): the user's name and e-mail, every role, and
 * 'Changer'. A success closes it with the server's message; a refusal (not a SUPERADMIN, the
 * last SUPERADMIN…) stays in it, said where the admin is looking and in a toast.
 */
export function RoleDialog({
  user,
  onClose,
  onChanged,
}: {
  user: ListedUser;
  onClose: () => void;
  onChanged: () => void;
}) {
  const [role, setRole] = useState<Role>(user.role);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const { message } = await adminApi().changeRole(user._id, role);
      toast.success(message);
      onChanged();
    } catch (caught) {
      const message = adminErrorMessage(caught, ADMIN_TEXT.genericError);
      setError(message);
      toast.error(message);
      setBusy(false);
    }
  }

  return (
    <Modal title="Changer le role de l'utilisateur" onClose={onClose}>
      <form onSubmit={submit} className="space-y-4">
        <dl className="space-y-1 text-sm">
          <div className="flex gap-2">
            <dt className="font-semibold">Nom :</dt>
            <dd className="min-w-0 break-words">{user.name}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="font-semibold">Email :</dt>
            <dd className="min-w-0 break-all">{user.email}</dd>
          </div>
        </dl>
        <div>
          <label htmlFor="role-select" className="font-medium">
            Rôle
          </label>
          <select
            id="role-select"
            name="role"
            value={role}
            onChange={(e) => setRole(e.target.value as Role)}
            className={inputClass}
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </div>
        {error && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {error}
          </p>
        )}
        <SubmitButton busy={busy} busyLabel="Changement…" block>
          Changer
        </SubmitButton>
      </form>
    </Modal>
  );
}
