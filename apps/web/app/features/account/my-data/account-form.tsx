import type { MyData } from "@shop/shared";
import { AVATAR_MAX_BYTES } from "@shop/shared/core";
import { type ChangeEvent, useRef, useState } from "react";
import { Form } from "react-router";
import { Field, inputClass } from "../../../components/ui/field";
import { SubmitButton } from "../../../components/ui/submit-button";
import { useHydrated } from "../../../lib/use-hydrated";
import { EmailInput, PasswordInput } from "../../auth/field";
import { checkPicture } from "../../auth/profile-picture";
import { useSending } from "../../auth/use-sending";
import { MY_DATA_INTENTS, type MyDataResult, PHOTO_FILE } from "./my-data-form";

const PHOTO_HINT = `Une image (JPEG, PNG…) de ${Math.round(AVATAR_MAX_BYTES / (1024 * 1024))} Mo au plus.`;

/**
 * The photo chosen, with scripts: refused at once when it is not an image or too large (the
 * input is emptied), otherwise made a small JPEG here, as at sign-up, so that a phone's photo
 * does not cross mobile data whole.
 */
function usePhoto() {
  const [url, setUrl] = useState("");
  const [error, setError] = useState<string>();
  const [preparing, setPreparing] = useState(false);
  const latest = useRef(0);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const field = event.currentTarget;
    const file = field.files?.[0];
    const attempt = ++latest.current;
    setUrl("");
    setError(undefined);
    setPreparing(false);
    if (!file) return;
    const refused = checkPicture(file);
    if (refused) {
      setError(refused);
      field.value = "";
      return;
    }
    setPreparing(true);
    const { pictureDataUrl } = await import("../../auth/picture-drawing");
    const prepared = await pictureDataUrl(file);
    // A second choice made while the first was being prepared wins.
    if (attempt !== latest.current) return;
    setUrl(prepared);
    setPreparing(false);
  }

  return { url, error, preparing, choose };
}

/**
 * 'Mon compte': name, e-mail and photo, and the current password that a new e-mail asks for.
 * Without scripts the form is multipart and the photo goes as the file chosen (the page's
 * action makes it a data URL); with them, as the small JPEG prepared here.
 */
export function AccountForm({ account, result }: { account: MyData["account"]; result: MyDataResult | undefined }) {
  const hydrated = useHydrated();
  const photo = usePhoto();
  const sending = useSending("/my-data", MY_DATA_INTENTS.account);
  const mine = result?.intent === MY_DATA_INTENTS.account ? result : undefined;
  const errors = { ...mine?.fieldErrors, ...(photo.error ? { profilePic: photo.error } : {}) };
  const values = mine?.ok === false ? mine.values : undefined;
  const shown = photo.url || account.profilePic;
  return (
    <Form
      method="post"
      encType={hydrated ? undefined : "multipart/form-data"}
      preventScrollReset
      className="mt-3 space-y-4 rounded-lg bg-white p-4 ring-1 ring-slate-200"
    >
      <input type="hidden" name="intent" value={MY_DATA_INTENTS.account} />
      <Field id="account-name" name="name" label="Nom" error={errors.name}>
        {(props) => (
          <input
            {...props}
            type="text"
            autoComplete="name"
            required
            maxLength={80}
            defaultValue={values?.name ?? account.name}
            className={inputClass}
          />
        )}
      </Field>
      <Field id="account-email" name="email" label="E-mail" error={errors.email}>
        {(props) => <EmailInput {...props} defaultValue={values?.email ?? account.email} />}
      </Field>
      <Field id="account-profilePic" name={PHOTO_FILE} label="Photo" hint={PHOTO_HINT} error={errors.profilePic}>
        {(props) => (
          <div className="mt-2 flex items-center gap-3">
            {shown ? (
              <img
                src={shown}
                alt={photo.url ? "Aperçu de la nouvelle photo" : "Votre photo actuelle"}
                width={64}
                height={64}
                className="size-16 shrink-0 rounded-full object-cover ring-1 ring-slate-300"
              />
            ) : (
              <span aria-hidden="true" className="grid size-16 shrink-0 place-items-center rounded-full bg-slate-100">
                <svg aria-hidden="true" viewBox="0 0 24 24" className="size-8 text-slate-400" fill="currentColor">
                  <circle cx="12" cy="8" r="4" />
                  <path d="M4 21a8 8 0 0 1 16 0Z" />
                </svg>
              </span>
            )}
            <input
              {...props}
              name={hydrated ? undefined : props.name}
              type="file"
              accept="image/*"
              onChange={photo.choose}
              className="block w-full min-w-0 text-sm text-slate-700 file:mr-3 file:rounded-full file:border-0 file:bg-brand/10 file:px-4 file:py-2 file:font-semibold file:text-brand hover:file:bg-brand/20"
            />
            <input type="hidden" name="profilePic" value={photo.url} />
          </div>
        )}
      </Field>
      {account.profilePic && (
        <label className="flex min-h-11 items-center gap-3">
          <input type="checkbox" name="removePhoto" value="1" className="size-5 accent-brand" />
          Retirer ma photo
        </label>
      )}
      <Field
        id="account-currentPassword"
        name="currentPassword"
        label="Mot de passe actuel (pour changer d'e-mail)"
        error={errors.currentPassword}
      >
        {(props) => <PasswordInput {...props} autoComplete="current-password" required={false} />}
      </Field>
      <SubmitButton
        busy={sending || photo.preparing}
        busyLabel={sending ? "Enregistrement..." : "Préparation de la photo..."}
      >
        Enregistrer
      </SubmitButton>
    </Form>
  );
}
