import type { MyData, OrderData } from "@shop/shared";
import { FIELD_MSG, formatPrice, MSG } from "@shop/shared/core";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { DeleteAccountForm } from "../features/account/my-data/delete-account-form";
import { myDataAction } from "../features/account/my-data/my-data-action.server";
import type { MyDataResult } from "../features/account/my-data/my-data-form";
import { MyDataNotice } from "../features/account/my-data/my-data-notice";
import { ok, refused, stubApi } from "../test/api";
import { aUser, uuid } from "../test/builders";
import { renderPage } from "../test/render-page";
import MyDataPage from "./my-data";

const AT = "2026-11-22T09:15:00.000Z";

const anOrder = (values: Partial<OrderData> = {}): OrderData => ({
  reference: "CMD-ABCD",
  channel: "form",
  status: "nouvelle",
  createdAt: AT,
  name: "Awa Ngono",
  phone: "+237677123456",
  address: "Bastos, Yaoundé",
  message: "Je voudrais la couleur bleue.",
  fileName: "iphone-voulu.png",
  delivery: { kind: "zone", name: "Zone 2", fee: 1500, neighbourhood: "Mimboman", city: null, landmark: "Carrefour" },
  totalQuantity: 1,
  totalPrice: 450_000,
  total: 451_500,
  lines: [{ productName: "iPhone 15", variantLabel: "128 Go, Noir", unitPrice: 450_000, quantity: 1 }],
  history: [],
  payments: [
    {
      method: "mobile_money",
      operator: "mtn",
      phone: "237677123456",
      amount: 451_500,
      currency: "XAF",
      state: "paid",
      reference: "trx-42",
      screenshot: false,
      createdAt: AT,
      settledAt: AT,
    },
  ],
  ...values,
});

const aMyData = (values: Partial<MyData> = {}): MyData => ({
  exportedAt: AT,
  account: {
    _id: uuid(1),
    name: "Awa Ngono",
    email: "awa@exemple.cm",
    role: "GENERAL",
    profilePic: null,
    createdAt: AT,
    updatedAt: AT,
  },
  cart: [],
  orders: [],
  reviews: [],
  messages: [],
  stockAlerts: [],
  promotions: { objected: false, since: null },
  devices: [],
  secondFactors: [],
  passwordResets: [],
  notificationDevices: [],
  ...values,
});

beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

/** The page on `mine`, or on what `mine()` answers at each load (drawn again after a form). */
function renderMyData(mine: MyData | (() => MyData)) {
  const Stub = createRoutesStub([
    {
      path: "/my-data",
      Component: MyDataPage as never,
      loader: () => ({ mine: typeof mine === "function" ? mine() : mine }),
      // The real action, the API stood in for at fetch.
      action: ({ request }) => myDataAction(request),
      HydrateFallback: () => null,
    },
  ]);
  render(<Stub initialEntries={["/my-data"]} />);
}

/** Once the scripts run the page, the account's form sends the photo prepared here, not the file. */
async function scriptsRunning() {
  const name = await screen.findByLabelText("Nom", { exact: true });
  await vi.waitFor(() => expect(name.closest("form")?.getAttribute("enctype")).toBeNull());
}

describe("the 'Mes données' page", () => {
  it("shows every part of what the shop keeps, in order, each list or 'Rien.'", async () => {
    renderMyData(
      aMyData({
        orders: [anOrder(), anOrder({ reference: "CMD-WXYZ", status: "livrée" })],
        devices: [
          { device: "Chrome sur Android", address: null, createdAt: AT, lastUsedAt: AT, openedWith: "Mot de passe" },
        ],
      }),
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Mes données" })).toBeTruthy();
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "Mon compte",
      "Télécharger mes données",
      "Mes commandes (2)",
      "Mon panier",
      "Mes avis",
      "Mes messages",
      "Mes alertes « Prévenez-moi »",
      "Promotions et rappels",
      "Appareils et connexions",
      "Seconds facteurs",
      "Liens de nouveau mot de passe",
      "Supprimer mon compte",
    ]);
    for (const name of ["Mon panier", "Mes avis", "Mes messages", "Mes alertes « Prévenez-moi »"]) {
      expect(within(screen.getByRole("region", { name })).getByText("Rien.")).toBeTruthy();
    }
    const devices = screen.getByRole("region", { name: "Appareils et connexions" });
    expect(devices.textContent).toContain("1 appareil connecté.");
    expect(within(devices).getByRole("link", { name: "Mes appareils" }).getAttribute("href")).toBe("/devices");
    const factors = screen.getByRole("region", { name: "Seconds facteurs" });
    expect(factors.textContent).toContain("Aucun second facteur.");
    expect(within(factors).getByRole("link", { name: "Sécurité du compte" }).getAttribute("href")).toBe("/security");
  });

  it("offers the archive as a plain download link", async () => {
    renderMyData(aMyData());
    const link = await screen.findByRole("link", { name: "Télécharger mes données" });
    expect(link.getAttribute("href")).toBe("/api/my-data/archive");
    expect(link.hasAttribute("download")).toBe(true);
  });

  it("draws each order closed, its summary and all it keeps, without a script per order", async () => {
    renderMyData(aMyData({ orders: [anOrder()] }));
    const summary = (await screen.findByText("CMD-ABCD")).closest("summary");
    expect(summary?.textContent).toContain("22 novembre 2026 à 10:15");
    expect(summary?.textContent).toContain("Nouvelle");
    expect(summary?.textContent).toContain(formatPrice(451_500));
    const order = summary?.closest("details") as HTMLDetailsElement;
    expect(order.open).toBe(false);
    for (const text of [
      "Awa Ngono",
      "+237677123456",
      "Bastos, Yaoundé",
      "Mimboman",
      "Carrefour",
      "Je voudrais la couleur bleue.",
      "iphone-voulu.png",
      "iPhone 15 — 128 Go, Noir × 1",
      "MTN MoMo",
      "trx-42",
    ]) {
      expect(order.textContent).toContain(text);
    }
    expect(within(order).queryByRole("button")).toBeNull();
  });

  it("gives every field its label and the browser's autocomplete", async () => {
    renderMyData(aMyData());
    const field = async (label: string) => (await screen.findByLabelText(label, { exact: true })) as HTMLInputElement;
    expect((await field("Nom")).autocomplete).toBe("name");
    expect((await field("Nom")).value).toBe("Awa Ngono");
    expect((await field("E-mail")).autocomplete).toBe("email");
    expect((await field("Mot de passe actuel (pour changer d'e-mail)")).autocomplete).toBe("current-password");
    expect((await field("Mot de passe actuel (pour changer d'e-mail)")).required).toBe(false);
    expect((await field("Mot de passe actuel")).autocomplete).toBe("current-password");
    expect((await field("Nouveau mot de passe")).autocomplete).toBe("new-password");
    expect((await field("Confirmez le nouveau mot de passe")).autocomplete).toBe("new-password");
    expect((await field("Mot de passe")).required).toBe(false);
    expect((await field("Photo")).type).toBe("file");
    // No photo, nothing to remove.
    expect(screen.queryByLabelText("Retirer ma photo")).toBeNull();
  });

  it("offers to remove a photo there is", async () => {
    renderMyData(aMyData({ account: { ...aMyData().account, profilePic: "/uploads/avatars/awa.webp" } }));
    expect((await screen.findByRole("img", { name: "Votre photo actuelle" })).getAttribute("src")).toBe(
      "/uploads/avatars/awa.webp",
    );
    expect((screen.getByLabelText("Retirer ma photo") as HTMLInputElement).type).toBe("checkbox");
  });

  it("saves the account with scripts: the photo prepared here, and says so at the top", async () => {
    const server = stubApi({ "POST /api/my-account": ok(MSG.accountUpdated, aUser()) });
    renderMyData(aMyData());
    await scriptsRunning();
    const photo = screen.getByLabelText("Photo", { exact: true }) as HTMLInputElement;
    Object.defineProperty(photo, "files", {
      value: [new File([new Uint8Array([0xff, 0xd8, 0xff])], "moi.jpg", { type: "image/jpeg" })],
    });
    fireEvent.change(photo);
    const preview = (await screen.findByRole("img", { name: "Aperçu de la nouvelle photo" })) as HTMLImageElement;
    fireEvent.change(screen.getByLabelText("Nom", { exact: true }), { target: { value: "Awa Mbarga" } });
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    await vi.waitFor(() => expect(screen.getByRole("status").textContent).toBe(MSG.accountUpdated));
    expect(server.sent("POST /api/my-account")).toEqual([
      { name: "Awa Mbarga", email: "awa@exemple.cm", profilePic: preview.src },
    ]);
  });

  it("puts a refused e-mail's reason on the password field, which takes the focus", async () => {
    stubApi({ "POST /api/my-account": refused(401, MSG.emailChangeNeedsPassword) });
    renderMyData(aMyData());
    await scriptsRunning();
    fireEvent.change(screen.getByLabelText("E-mail", { exact: true }), {
      target: { value: "nouvelle@exemple.cm" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    expect((await screen.findByRole("alert")).textContent).toBe(MSG.emailChangeNeedsPassword);
    const password = screen.getByLabelText("Mot de passe actuel (pour changer d'e-mail)");
    await vi.waitFor(() => expect(document.activeElement).toBe(password));
    expect(password.getAttribute("aria-invalid")).toBe("true");
    // What was typed is given back.
    expect((screen.getByLabelText("E-mail", { exact: true }) as HTMLInputElement).value).toBe("nouvelle@exemple.cm");
  });
});

describe("'Promotions et rappels'", () => {
  const stopped = { objected: true, since: AT };

  it("says that the shop may send them, that order messages go on, and offers to stop them", async () => {
    renderMyData(aMyData());
    const section = await screen.findByRole("region", { name: "Promotions et rappels" });
    expect(section.textContent).toContain("Vous pouvez recevoir nos promotions et nos rappels");
    expect(section.textContent).toContain("Les messages sur vos commandes");
    const button = within(section).getByRole("button", { name: "Ne plus recevoir de promotions ni de rappels" });
    const form = button.closest("form") as HTMLFormElement;
    expect(form.method).toBe("post");
    expect((form.elements.namedItem("intent") as HTMLInputElement).value).toBe("promotions");
    expect((button as HTMLButtonElement).name).toBe("receive");
    expect((button as HTMLButtonElement).value).toBe("false");
  });

  it("says since when they are stopped, and offers to receive them again", async () => {
    renderMyData(aMyData({ promotions: stopped }));
    const section = await screen.findByRole("region", { name: "Promotions et rappels" });
    expect(section.textContent).toContain(
      "Vous ne recevez plus nos promotions ni nos rappels depuis le 22 novembre 2026.",
    );
    const button = within(section).getByRole("button", { name: "Recevoir de nouveau nos promotions" });
    expect((button as HTMLButtonElement).value).toBe("true");
    expect(within(section).queryByRole("button", { name: /Ne plus recevoir/ })).toBeNull();
  });

  it("stops them with scripts: the API's words at the top, the section drawn anew, then receives them again", async () => {
    let promotions: MyData["promotions"] = { objected: false, since: null };
    const server = stubApi({
      "POST /api/my-promotions": (body) => {
        const { receive } = body as { receive: boolean };
        promotions = receive ? { objected: false, since: null } : stopped;
        return ok(receive ? MSG.promotionsResumed : MSG.promotionsStopped, promotions);
      },
    });
    renderMyData(() => aMyData({ promotions }));
    await scriptsRunning();
    const section = screen.getByRole("region", { name: "Promotions et rappels" });
    fireEvent.click(within(section).getByRole("button", { name: "Ne plus recevoir de promotions ni de rappels" }));
    await vi.waitFor(() => expect(screen.getByRole("status").textContent).toBe(MSG.promotionsStopped));
    await within(section).findByRole("button", { name: "Recevoir de nouveau nos promotions" });
    fireEvent.click(within(section).getByRole("button", { name: "Recevoir de nouveau nos promotions" }));
    await vi.waitFor(() => expect(screen.getByRole("status").textContent).toBe(MSG.promotionsResumed));
    await within(section).findByRole("button", { name: "Ne plus recevoir de promotions ni de rappels" });
    expect(server.sent("POST /api/my-promotions")).toEqual([{ receive: false }, { receive: true }]);
  });
});

describe("the erasure's form", () => {
  const refusal = (values: Partial<MyDataResult>): MyDataResult => ({
    intent: "delete-account",
    ok: false,
    message: "",
    fieldErrors: {},
    ...values,
  });

  it("is a whole-page form: the password, and a code under 'Utiliser plutôt un code'", () => {
    renderPage(<DeleteAccountForm result={undefined} />, "/my-data");
    const form = screen.getByRole("button", { name: "Supprimer mon compte" }).closest("form") as HTMLFormElement;
    expect(form.method).toBe("post");
    expect((form.elements.namedItem("intent") as HTMLInputElement).value).toBe("delete-account");
    const code = screen.getByLabelText("Code de l'application d'authentification ou code de récupération");
    expect(code.closest("details")?.open).toBe(false);
    expect(code.closest("details")?.querySelector("summary")?.textContent).toBe("Utiliser plutôt un code");
  });

  it("opens the code's part when the code was refused, its error beside it, focused", async () => {
    const message = MSG.totpCodeWrong;
    renderPage(
      <>
        <MyDataNotice result={refusal({ message, fieldErrors: { code: message } })} />
        <DeleteAccountForm result={refusal({ message, fieldErrors: { code: message } })} />
      </>,
      "/my-data",
    );
    const code = screen.getByLabelText("Code de l'application d'authentification ou code de récupération");
    expect(code.closest("details")?.open).toBe(true);
    expect(document.getElementById("delete-code-error")?.textContent).toBe(message);
    await vi.waitFor(() => expect(document.activeElement).toBe(code));
    expect(screen.getByRole("alert").textContent).toBe(message);
  });

  it("says an order still open as an alert, on no field", () => {
    const message = MSG.accountDeleteOrderOpen("CMD-ABCD");
    renderPage(<MyDataNotice result={refusal({ message })} />, "/my-data");
    expect(screen.getByRole("alert").textContent).toBe(message);
    expect(screen.getByRole("status").textContent).toBe("");
  });

  it("asks for a proof when none was typed, on the password", () => {
    const message = FIELD_MSG.deleteAccountConfirm;
    renderPage(<DeleteAccountForm result={refusal({ message, fieldErrors: { password: message } })} />, "/my-data");
    expect(screen.getByLabelText("Mot de passe", { exact: true }).getAttribute("aria-invalid")).toBe("true");
  });
});
