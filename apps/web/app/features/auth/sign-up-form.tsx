import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { Field, inputClass } from "../../components/ui/field";
import { FormAlert } from "../../components/ui/form-alert";
import { SubmitButton } from "../../components/ui/submit-button";
import { firstInvalid } from "../../lib/form-values";
import { useHydrated } from "../../lib/use-hydrated";
import { EmailInput, PasswordInput } from "./field";
import { checkPicture } from "./profile-picture";
import { withRedirect } from "./redirect-target";
import { SIGN_UP_FIELDS, type SignUpFailure } from "./sign-up";
import { useSending } from "./use-sending";

/**
 * The chosen profile picture: refused at once when it is not an image or too large (the file
 * input is emptied, so it is never sent), otherwise prepared as a small JPEG data URL.
 */
function usePicture() {
  const [url, setUrl] = useState("");
  const [error, setError] = useState<string>();
  const [preparing, setPreparing] = useState(false);
  const latest = useRef(0);
  const input = useRef<HTMLInputElement>(null);

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
    const { pictureDataUrl } = await import("./picture-drawing");
    const prepared = await pictureDataUrl(file);
    // A second choice made while the first was being prepared wins.
    if (attempt !== latest.current) return;
    setUrl(prepared);
    setPreparing(false);
  }

  function remove() {
    latest.current++;
    setUrl("");
    setError(undefined);
    setPreparing(false);
    if (input.current) {
      input.current.value = "";
      input.current.focus();
    }
  }

  return { url, error, preparing, input, choose, remove };
}

/**
 * The sign-up form (SPEC.md §2, §5). With scripts, the page's clientAction checks it and sends
 * it; without them it is posted whole (the picture as a file) to the server action.
 */
export function SignUpForm({ result, redirectTo }: { result?: SignUpFailure; redirectTo: string }) {
  const sending = useSending("/sign-up");
  const picture = usePicture();
  // Without scripts the picture goes as a file, in a multipart form; with them the page sends
  // the small data URL it prepared, and the file itself stays on the phone.
  const hydrated = useHydrated();
  const banner = useRef<HTMLDivElement>(null);
  const errors = { ...result?.fieldErrors, ...(picture.error ? { profilePic: picture.error } : {}) };
  const resultErrors = result?.fieldErrors ?? {};
  const invalid = firstInvalid(SIGN_UP_FIELDS, resultErrors);

  useEffect(() => {
    if (!result) return;
    if (invalid) document.getElementById(`sign-up-${invalid}`)?.focus();
    else banner.current?.scrollIntoView({ block: "center" });
  }, [result, invalid]);

  return (
    <Form
      method="post"
      action={withRedirect("/sign-up", redirectTo)}
      encType={hydrated ? undefined : "multipart/form-data"}
      replace
      className="space-y-4 rounded-lg bg-white p-4 ring-1 ring-slate-200"
    >
      {result && !invalid && (
        <FormAlert ref={banner}>
          <p className="font-medium">{result.message}</p>
        </FormAlert>
      )}
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Field id="sign-up-name" name="name" label="Nom" error={errors.name}>
        {(props) => (
          <input
            {...props}
            type="text"
            autoComplete="name"
            required
            maxLength={80}
            defaultValue={result?.values.name}
            className={inputClass}
          />
        )}
      </Field>
      <Field id="sign-up-email" name="email" label="E-mail" error={errors.email}>
        {(props) => <EmailInput {...props} defaultValue={result?.values.email} />}
      </Field>
      <Field
        id="sign-up-password"
        name="password"
        label="Mot de passe"
        hint="8 caractères au minimum."
        error={errors.password}
      >
        {(props) => <PasswordInput {...props} autoComplete="new-password" minLength={8} />}
      </Field>
      <Field
        id="sign-up-confirmPassword"
        name="confirmPassword"
        label="Confirmez le mot de passe"
        error={errors.confirmPassword}
      >
        {(props) => <PasswordInput {...props} autoComplete="new-password" />}
      </Field>
      <Field
        id="sign-up-profilePic"
        name="picture"
        label="Photo de profil (facultatif)"
        hint="Une image (JPEG, PNG…) de 5 Mo au plus."
        error={errors.profilePic}
      >
        {(props) => (
          <div className="mt-2 flex items-center gap-3">
            {picture.url ? (
              <img
                src={picture.url}
                alt="Aperçu de votre portrait"
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
            <div className="min-w-0 flex-1">
              <input
                {...props}
                name={hydrated ? undefined : props.name}
                ref={picture.input}
                type="file"
                accept="image/*"
                onChange={picture.choose}
                className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-full file:border-0 file:bg-brand/10 file:px-4 file:py-2 file:font-semibold file:text-brand hover:file:bg-brand/20"
              />
              {picture.url && (
                <button
                  type="button"
                  onClick={picture.remove}
                  className="mt-1 text-sm font-medium text-brand underline"
                >
                  Retirer la photo
                </button>
              )}
            </div>
            <input type="hidden" name="profilePic" value={picture.url} />
          </div>
        )}
      </Field>
      <SubmitButton
        busy={sending || picture.preparing}
        busyLabel={sending ? "Création du compte..." : "Préparation de la photo..."}
        block
      >
        Créer mon compte
      </SubmitButton>
      <p className="text-center text-sm text-slate-700">
        Déjà un compte ?{" "}
        <Link to={withRedirect("/login", redirectTo)} className="font-semibold text-brand underline">
          Connexion
        </Link>
      </p>
    </Form>
  );
}
