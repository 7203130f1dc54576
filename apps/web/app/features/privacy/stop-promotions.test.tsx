import { FIELD_MSG, MSG, SERVER_ERROR_MESSAGE } from "@shop/shared/core";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { ok, refused, stubApi } from "../../test/api";
import { postOf } from "../../test/forms";
import { StopPromotions, type StopResult } from "./stop-promotions";
import { readStopLink, stopPromotions } from "./stop-promotions.server";

const STOP = "POST /api/stop-promotions";
/** Shaped as the shop's tokens (a hash and its tag, base64url). */
const TOKEN = "Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4dGFnLXRhZy10YWc";

const opened = (query: string) => readStopLink(new Request(`http://shop.test/stop-promotions${query}`));

/** The page as the shop serves it: its real loader and action, the API stood in for at fetch. */
function renderStopPage(query: string) {
  const Page = createRoutesStub([
    {
      path: "/stop-promotions",
      loader: ({ request }) => readStopLink(request),
      action: ({ request }) => stopPromotions(request),
      Component: ({
        loaderData,
        actionData,
      }: {
        loaderData: ReturnType<typeof readStopLink>;
        actionData?: StopResult;
      }) => <StopPromotions link={loaderData} result={actionData} />,
      HydrateFallback: () => null,
    },
    { path: "/my-data", Component: () => <p>Mes données</p> },
  ]);
  render(<Page initialEntries={[`/stop-promotions${query}`]} />);
}

describe("readStopLink: opening the link", () => {
  it("reads a token shaped as the shop's, and nothing else", () => {
    expect(opened(`?token=${TOKEN}`)).toEqual({ valid: true, token: TOKEN });
    expect(opened("")).toEqual({ valid: false, token: "" });
    expect(opened("?token=court")).toEqual({ valid: false, token: "" });
    expect(opened(`?token=${TOKEN}%3Cscript%3E`)).toEqual({ valid: false, token: "" });
  });
});

describe("stopPromotions: the tap", () => {
  it("sends the token and says the API's words", async () => {
    const server = stubApi({ [STOP]: ok(MSG.promotionsStopped) });
    expect(await stopPromotions(postOf("/stop-promotions", { token: TOKEN }))).toEqual({
      ok: true,
      message: MSG.promotionsStopped,
      retry: false,
    });
    expect(server.sent(STOP)).toEqual([{ token: TOKEN }]);
  });

  it("refuses a malformed token before any call", async () => {
    const server = stubApi();
    expect(await stopPromotions(postOf("/stop-promotions", { token: "abc" }))).toMatchObject({
      data: { ok: false, message: FIELD_MSG.stopLinkInvalid, retry: false },
      init: { status: 400 },
    });
    expect(server.calls).toEqual([]);
  });

  it("says a link the shop did not sign for good, a limit or a failure to try again", async () => {
    stubApi({ [STOP]: refused(400, FIELD_MSG.stopLinkInvalid) });
    expect(await stopPromotions(postOf("/stop-promotions", { token: TOKEN }))).toMatchObject({
      data: { ok: false, message: FIELD_MSG.stopLinkInvalid, retry: false },
      init: { status: 400 },
    });
    stubApi({ [STOP]: refused(429, MSG.tooManyRequests) });
    expect(await stopPromotions(postOf("/stop-promotions", { token: TOKEN }))).toMatchObject({
      data: { ok: false, message: MSG.tooManyRequests, retry: true },
      init: { status: 429 },
    });
    stubApi({ [STOP]: refused(500, "boom") });
    expect(await stopPromotions(postOf("/stop-promotions", { token: TOKEN }))).toMatchObject({
      data: { ok: false, message: SERVER_ERROR_MESSAGE, retry: true },
      init: { status: 500 },
    });
  });
});

describe("the one-tap page", () => {
  it("changes nothing when opened: it explains, and offers one button with the token hidden", async () => {
    const server = stubApi();
    renderStopPage(`?token=${TOKEN}`);
    const button = await screen.findByRole("button", { name: "Ne plus recevoir de promotions" });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Ne plus recevoir nos promotions");
    expect(screen.getByRole("main").textContent).toContain("Les messages sur vos commandes");
    const form = button.closest("form") as HTMLFormElement;
    expect(form.method).toBe("post");
    expect((form.elements.namedItem("token") as HTMLInputElement).value).toBe(TOKEN);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(server.calls).toEqual([]);
  });

  it("says it is done once tapped, and offers the button no more", async () => {
    const server = stubApi({ [STOP]: ok(MSG.promotionsStopped) });
    renderStopPage(`?token=${TOKEN}`);
    fireEvent.click(await screen.findByRole("button", { name: "Ne plus recevoir de promotions" }));
    await vi.waitFor(() => expect(screen.getByRole("status").textContent).toBe(MSG.promotionsStopped));
    expect(screen.queryByRole("button")).toBeNull();
    expect(server.sent(STOP)).toEqual([{ token: TOKEN }]);
  });

  it("says a link the shop did not sign in the API's words, with the way to 'Mes données'", async () => {
    stubApi({ [STOP]: refused(400, FIELD_MSG.stopLinkInvalid) });
    renderStopPage(`?token=${TOKEN}`);
    fireEvent.click(await screen.findByRole("button", { name: "Ne plus recevoir de promotions" }));
    expect((await screen.findByRole("alert")).textContent).toBe(FIELD_MSG.stopLinkInvalid);
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByRole("link", { name: "Mes données" }).getAttribute("href")).toBe("/my-data");
  });

  it("says a missing or malformed token at once, without a button", async () => {
    for (const query of ["", "?token=abc"]) {
      renderStopPage(query);
      expect((await screen.findByRole("alert")).textContent).toBe(FIELD_MSG.stopLinkInvalid);
      expect(screen.queryByRole("button")).toBeNull();
      expect(screen.getByRole("link", { name: "Mes données" }).getAttribute("href")).toBe("/my-data");
      cleanup();
    }
  });
});
