import type { AdminPrivacyRequest } from "@shop/shared";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { anAdminPrivacyRequest, uuid } from "../../../test/builders";
import { fieldsOf } from "../../../test/forms";
import { renderPage } from "../../../test/render-page";
import { AnswerForm } from "./answer-form";
import { ERASURE_CONFIRM_ERROR } from "./personal-data-action.server";
import { requestView } from "./personal-data-view.server";

const ID = uuid(41);
const erasure = (values: Partial<AdminPrivacyRequest> = {}) =>
  requestView(anAdminPrivacyRequest({ kind: "erasure", ordersCount: 2, ...values }));

describe("AnswerForm of an erasure", () => {
  it("asks first, in a dialog, then posts the confirmation with the note", async () => {
    const posted = renderPage(<AnswerForm request={erasure()} busy={false} />, "/admin-panel/personal-data");
    fireEvent.change(screen.getByLabelText("Note"), { target: { value: "Effacé à sa demande." } });
    fireEvent.click(screen.getByRole("button", { name: /^Effacer ses données/ }));
    const dialog = screen.getByRole("dialog", { name: "Effacer ses données ?" });
    expect(dialog.textContent).toContain("2 commandes passées avec ce numéro seront anonymisées");
    expect(posted).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Oui, effacer ses données" }));
    await waitFor(() =>
      expect(posted).toEqual([
        { intent: "answer", id: ID, kind: "erasure", note: "Effacé à sa demande.", confirm: "1", outcome: "done" },
      ]),
    );
  });

  it("posts nothing when the owner cancels", () => {
    const posted = renderPage(<AnswerForm request={erasure()} busy={false} />, "/admin-panel/personal-data");
    fireEvent.click(screen.getByRole("button", { name: /^Effacer ses données/ }));
    fireEvent.click(screen.getByRole("button", { name: "Annuler" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(posted).toEqual([]);
  });

  it("refuses without the dialog", async () => {
    const posted = renderPage(<AnswerForm request={erasure()} busy={false} />, "/admin-panel/personal-data");
    fireEvent.change(screen.getByLabelText("Note"), { target: { value: "Commande en litige." } });
    fireEvent.click(screen.getByRole("button", { name: /^Refuser/ }));
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(posted).toMatchObject([{ outcome: "refused", note: "Commande en litige." }]));
    expect(posted[0]).not.toHaveProperty("confirm");
  });

  it("without JavaScript, is a plain form whose erasure needs a ticked box", () => {
    const Stub = createRoutesStub([{ path: "/", Component: () => <AnswerForm request={erasure()} busy={false} /> }]);
    const html = renderToString(<Stub initialEntries={["/"]} />);
    const page = document.createElement("div");
    page.innerHTML = html;
    const box = within(page).getByRole("checkbox", { name: "Je confirme l'effacement" }) as HTMLInputElement;
    expect(box.required).toBe(true);
    const erase = within(page).getByRole("button", { name: /^Effacer ses données/ }) as HTMLButtonElement;
    expect([erase.type, erase.name, erase.value]).toEqual(["submit", "outcome", "done"]);
    // The refusal needs no box: the browser lets it through, the server asks for the reason.
    expect((within(page).getByRole("button", { name: /^Refuser/ }) as HTMLButtonElement).formNoValidate).toBe(true);
    const form = page.querySelector("form") as HTMLFormElement;
    expect(form.method).toBe("post");
    expect(form.noValidate).toBe(false);
    box.checked = true;
    expect(fieldsOf(new FormData(form))).toEqual({ intent: "answer", id: ID, kind: "erasure", note: "", confirm: "1" });
  });

  it("says the missing confirmation under the box", async () => {
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => (
          <AnswerForm
            request={erasure()}
            busy={false}
            result={{
              form: "answer",
              id: ID,
              ok: false,
              message: ERASURE_CONFIRM_ERROR,
              note: "",
              confirmError: ERASURE_CONFIRM_ERROR,
            }}
          />
        ),
      },
    ]);
    const html = renderToString(<Stub initialEntries={["/"]} />);
    expect(html).toContain(ERASURE_CONFIRM_ERROR.replace("'", "&#x27;"));
    await act(async () => {
      render(<Stub initialEntries={["/"]} />);
    });
    // Once scripts run, the dialog asks instead of the box.
    expect(screen.queryByRole("checkbox")).toBeNull();
  });
});
