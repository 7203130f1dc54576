import { FIELD_MSG, MSG } from "@shop/shared/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ok, refused, stubApi } from "../../../test/api";
import { formOf, postOf } from "../../../test/forms";
import { renderPage } from "../../../test/render-page";
import { readSecondFactorSetting } from "./second-factor-setting";
import { saveSecondFactorSetting } from "./second-factor-setting.server";
import { SecondFactorSettingForm } from "./second-factor-setting-form";

const SETTING = "PUT /api/admin/second-factor-setting";
const request = () => postOf("/admin-panel/all-users", {});

describe("SecondFactorSettingForm", () => {
  it("says the mode in force and the shop's default, the mode in force chosen", () => {
    renderPage(
      <SecondFactorSettingForm
        setting={{ mode: "optional", defaultMode: "required" }}
        busy={false}
        result={undefined}
      />,
      "/admin-panel/all-users",
    );
    const section = screen.getByRole("region", { name: "Second facteur des administrateurs" });
    expect(section.textContent).toContain("Actuellement : Facultatif (par défaut : exigé)");
    const group = within(section).getByRole("group", { name: /le second facteur est/ });
    expect((within(group).getByRole("radio", { name: /^Facultatif/ }) as HTMLInputElement).checked).toBe(true);
    expect((within(group).getByRole("radio", { name: /^Exigé/ }) as HTMLInputElement).checked).toBe(false);
  });

  it("posts the mode chosen with 'Enregistrer'", async () => {
    const posted = renderPage(
      <SecondFactorSettingForm
        setting={{ mode: "optional", defaultMode: "optional" }}
        busy={false}
        result={undefined}
      />,
      "/admin-panel/all-users",
    );
    fireEvent.click(screen.getByRole("radio", { name: /^Exigé/ }));
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    await waitFor(() => expect(posted).toEqual([{ intent: "second-factor-setting", mode: "required" }]));
  });

  it("says the server's answer under the form, a refusal as an alert", () => {
    renderPage(
      <SecondFactorSettingForm
        setting={{ mode: "required", defaultMode: "optional" }}
        busy={false}
        result={{ ok: false, message: MSG.secondFactorSuperAdminOnly }}
      />,
      "/admin-panel/all-users",
    );
    expect(screen.getByRole("alert").textContent).toBe(MSG.secondFactorSuperAdminOnly);
  });

  it("cannot be sent twice", () => {
    renderPage(
      <SecondFactorSettingForm setting={{ mode: "required", defaultMode: "optional" }} busy result={undefined} />,
      "/admin-panel/all-users",
    );
    expect((screen.getByRole("button", { name: "Enregistrer" }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("readSecondFactorSetting", () => {
  it("reads the mode, refuses others, and ignores the page's other forms", () => {
    expect(readSecondFactorSetting(formOf({ intent: "second-factor-setting", mode: "required" }))).toEqual({
      mode: "required",
    });
    expect(readSecondFactorSetting(formOf({ intent: "second-factor-setting", mode: "toujours" }))).toEqual({
      mode: null,
    });
    expect(readSecondFactorSetting(formOf({ intent: "role", mode: "required" }))).toBeNull();
  });
});

describe("saveSecondFactorSetting", () => {
  it("saves the mode, in the API's words", async () => {
    const server = stubApi({
      [SETTING]: ok(MSG.secondFactorSettingSaved(true), { mode: "required", defaultMode: "optional" }),
    });
    const form = formOf({ intent: "second-factor-setting", mode: "required" });
    expect(await saveSecondFactorSetting(request(), form)).toEqual({
      ok: true,
      message: MSG.secondFactorSettingSaved(true),
    });
    expect(server.sent(SETTING)).toEqual([{ mode: "required" }]);
  });

  it("asks for a mode the shop knows, without calling the API", async () => {
    const server = stubApi();
    const form = formOf({ intent: "second-factor-setting" });
    expect(await saveSecondFactorSetting(request(), form)).toMatchObject({
      data: { ok: false, message: FIELD_MSG.secondFactorModeInvalid },
      init: { status: 400 },
    });
    expect(server.calls).toEqual([]);
  });

  it("says the API's refusal", async () => {
    stubApi({ [SETTING]: refused(403, MSG.secondFactorSuperAdminOnly) });
    const form = formOf({ intent: "second-factor-setting", mode: "optional" });
    expect(await saveSecondFactorSetting(request(), form)).toMatchObject({
      data: { ok: false, message: MSG.secondFactorSuperAdminOnly },
      init: { status: 403 },
    });
  });
});
