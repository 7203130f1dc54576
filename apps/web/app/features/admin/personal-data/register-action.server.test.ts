import { FIELD_MSG, MSG } from "@shop/shared/core";
import { describe, expect, it } from "vitest";
import { ok, refused, stubApi } from "../../../test/api";
import { aProcessingActivity, uuid } from "../../../test/builders";
import { formOf } from "../../../test/forms";
import { ACTIVITY_REFUSED, registerAction } from "./register-action.server";

const ID = uuid(42);
const SAVE = `PUT /api/admin/privacy/register/${ID}`;
const request = new Request("http://boutique.test/admin-panel/personal-data/register", { method: "POST" });

async function answer(values: Record<string, string>) {
  const result = (await registerAction(request, formOf(values))) as unknown;
  const wrapped = result as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (wrapped?.type === "DataWithResponseInit") return { body: wrapped.data, status: wrapped.init?.status ?? 200 };
  return { body: result, status: 200 };
}

const TEXTS = {
  purpose: " Gestion des commandes ",
  legalBasis: "Exécution du contrat",
  data: "Nom, téléphone",
  people: "Clients",
  retention: "10 ans",
  recipients: "La boutique",
};

describe("registerAction", () => {
  it("saves a processing's six texts, trimmed, and gives back the server's words", async () => {
    const server = stubApi({ [SAVE]: ok(MSG.registerSaved, aProcessingActivity()) });
    expect(await answer({ id: ID, ...TEXTS })).toEqual({
      status: 200,
      body: { id: ID, ok: true, message: MSG.registerSaved },
    });
    expect(server.sent(SAVE)).toEqual([{ ...TEXTS, purpose: "Gestion des commandes" }]);
  });

  it("refuses an empty field under it, the texts as typed, before asking the server", async () => {
    const server = stubApi();
    expect(await answer({ id: ID, ...TEXTS, legalBasis: "  " })).toEqual({
      status: 400,
      body: {
        id: ID,
        ok: false,
        message: ACTIVITY_REFUSED,
        values: { ...TEXTS, legalBasis: "  " },
        errors: { legalBasis: FIELD_MSG.registerFieldRequired },
      },
    });
    expect(server.calls).toEqual([]);
  });

  it("puts the server's issues under their fields", async () => {
    stubApi({
      [SAVE]: refused(400, "Requête invalide.", [{ path: "body.data", message: FIELD_MSG.registerFieldTooLong(600) }]),
    });
    expect((await answer({ id: ID, ...TEXTS })).body).toMatchObject({
      ok: false,
      errors: { data: FIELD_MSG.registerFieldTooLong(600) },
    });
  });

  it("says a processing that no longer exists in the server's words", async () => {
    stubApi({ [SAVE]: refused(404, MSG.registerEntryNotFound) });
    expect(await answer({ id: ID, ...TEXTS })).toMatchObject({
      status: 404,
      body: { ok: false, message: MSG.registerEntryNotFound, errors: {} },
    });
  });
});
