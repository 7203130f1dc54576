import { type ReactNode, useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { type ControlProps, Field, inputClass } from "../../components/ui/field";
import { FieldErrorList, FormAlert } from "../../components/ui/form-alert";
import { SubmitButton } from "../../components/ui/submit-button";
import { readFields } from "../../lib/form-values";

export const CONTACT_FIELDS = ["name", "email", "subject", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;

/** What the contact page's action answers: the shop's confirmation, or why it failed and what was typed. */
export type ContactResult =
  | { ok: true; message: string }
  | { ok: false; message: string; values: ContactValues; fieldErrors: Partial<Record<ContactField, string>> };

/** The four fields of a posted form, as text (a file or a missing field counts as empty). */
export const readContactForm = (form: FormData): ContactValues => readFields(form, CONTACT_FIELDS);

const LABELS: Record<ContactField, string> = {
  name: "Nom complet",
  email: "E-mail",
  subject: "Objet",
  message: "Message",
};

/** A field of the contact form: every one is required. */
function ContactFieldBox({
  field,
  error,
  children,
}: {
  field: ContactField;
  error?: string;
  children: (props: ControlProps & { required: true; className: string }) => ReactNode;
}) {
  return (
    <Field id={`contact-${field}`} name={field} label={LABELS[field]} error={error}>
      {(props) => children({ ...props, required: true, className: inputClass })}
    </Field>
  );
}

/**
 * The contact form. It posts to the page's action, so it works before (or without) JavaScript;
 * on a failure every typed word is given back, with the French error beside its field.
 */
export function ContactForm({ result }: { result?: ContactResult }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formMethod === "POST";
  const formRef = useRef<HTMLFormElement>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const failed = result && !result.ok ? result : undefined;
  const values = failed?.values;
  const errors = failed?.fieldErrors ?? {};
  const firstInvalid = CONTACT_FIELDS.find((f) => errors[f]);

  // After an answer: a success empties the form; a refused field takes the focus; otherwise the
  // message is brought into view (the page does not scroll back to the top, see preventScrollReset).
  useEffect(() => {
    if (!result) return;
    if (result.ok) formRef.current?.reset();
    if (firstInvalid) document.getElementById(`contact-${firstInvalid}`)?.focus();
    else bannerRef.current?.scrollIntoView({ block: "center" });
  }, [result, firstInvalid]);

  return (
    <Form
      ref={formRef}
      method="post"
      preventScrollReset
      className="space-y-4 rounded-lg bg-white p-4 ring-1 ring-slate-200"
    >
      <div ref={bannerRef} className="scroll-mt-32 empty:hidden">
        {result?.ok && (
          <p role="status" className="rounded-md bg-green-50 p-3 font-medium text-green-800 ring-1 ring-green-200">
            {result.message}
          </p>
        )}
        {failed &&
          (firstInvalid ? (
            <FieldErrorList
              title="Votre message n'a pas été envoyé. Vérifiez :"
              items={CONTACT_FIELDS.flatMap((f) => {
                const error = errors[f];
                return error ? [{ href: `#contact-${f}`, label: LABELS[f], error }] : [];
              })}
            />
          ) : (
            <FormAlert>
              <p className="font-semibold">Votre message n'a pas été envoyé : {failed.message}</p>
              <p className="mt-1 text-sm">Votre texte est conservé ci-dessous : vous pouvez réessayer.</p>
            </FormAlert>
          ))}
      </div>
      <ContactFieldBox field="name" error={errors.name}>
        {(props) => <input {...props} type="text" autoComplete="name" maxLength={100} defaultValue={values?.name} />}
      </ContactFieldBox>
      <ContactFieldBox field="email" error={errors.email}>
        {(props) => (
          <input
            {...props}
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={254}
            defaultValue={values?.email}
          />
        )}
      </ContactFieldBox>
      <ContactFieldBox field="subject" error={errors.subject}>
        {(props) => <input {...props} type="text" maxLength={150} defaultValue={values?.subject} />}
      </ContactFieldBox>
      <ContactFieldBox field="message" error={errors.message}>
        {(props) => <textarea {...props} rows={6} maxLength={5000} defaultValue={values?.message} />}
      </ContactFieldBox>
      <SubmitButton busy={sending} busyLabel="Envoi…">
        Envoyer le message
      </SubmitButton>
    </Form>
  );
}
