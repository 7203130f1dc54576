import { fireEvent, screen, waitFor } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render-page";
import { PASSKEY_CANCELLED } from "./add-passkey.client";
import { PasskeyAdd } from "./passkey-add";

const yes = () => true;
const no = () => false;

describe("PasskeyAdd", () => {
  it("draws no button in the server's HTML: it would do nothing before the scripts run", () => {
    const Stub = createRoutesStub([
      { path: "/security", Component: () => <PasskeyAdd busy={false} result={undefined} supported={yes} /> },
    ]);
    const html = renderToString(<Stub initialEntries={["/security"]} />);
    expect(html).toContain("verrouillage de votre téléphone");
    expect(html).not.toContain("<button");
    expect(html).not.toContain("<form");
  });

  it("once the scripts run where the browser can, offers the name and the button, posting to the page", async () => {
    const posted = renderPage(<PasskeyAdd busy={false} result={undefined} supported={yes} />, "/security");
    const name = await screen.findByLabelText("Nom de la clé");
    fireEvent.change(name, { target: { value: "Mon Pixel" } });
    fireEvent.click(screen.getByRole("button", { name: "Ajouter une clé d'accès" }));
    await waitFor(() => expect(posted).toEqual([{ intent: "add-passkey", name: "Mon Pixel" }]));
  });

  it("says when the browser cannot, and offers no button", async () => {
    renderPage(<PasskeyAdd busy={false} result={undefined} supported={no} />, "/security");
    expect(await screen.findByText(/Ce navigateur ne sait pas créer de clé d'accès/)).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("says why no passkey was made, beside its button", async () => {
    renderPage(
      <PasskeyAdd
        busy={false}
        result={{ intent: "add-passkey", ok: false, message: PASSKEY_CANCELLED }}
        supported={yes}
      />,
      "/security",
    );
    expect((await screen.findByRole("alert")).textContent).toBe(PASSKEY_CANCELLED);
  });

  it("relabels its button while the browser and the shop work", async () => {
    renderPage(<PasskeyAdd busy result={undefined} supported={yes} />, "/security");
    const button = (await screen.findByRole("button", { name: "Création de la clé…" })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });
});
