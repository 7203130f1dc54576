import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { aJournalLine } from "../../../test/builders";
import { renderPage } from "../../../test/render-page";
import { JournalLines, JournalPager, VerdictNotice } from "./journal-parts";

describe("VerdictNotice", () => {
  it("says the Journal is intact, with the lines checked", () => {
    render(<VerdictNotice verdict={{ intact: true, lines: 42, firstBroken: null, checkpoint: null }} />);
    expect(screen.getByRole("status").textContent).toBe("Journal intact : 42 lignes vérifiées.");
  });

  it("names the checkpoint kept outside the database that confirmed the end of the Journal", () => {
    const checkpoint = { state: "holds" as const, line: 40, at: "2026-12-07T09:15:00.000Z" };
    render(<VerdictNotice verdict={{ intact: true, lines: 42, firstBroken: null, checkpoint }} />);
    expect(screen.getByRole("status").textContent).toBe(
      "Journal intact : 42 lignes vérifiées. Fin du journal confirmée par le point de contrôle gardé hors de la base (ligne n° 40, 7 décembre 2026 à 10:15).",
    );
  });

  it("alerts on the first line changed or removed", () => {
    render(<VerdictNotice verdict={{ intact: false, lines: 42, firstBroken: 17, checkpoint: null }} />);
    expect(screen.getByRole("alert").textContent).toBe("Journal modifié : la ligne n° 17 a été changée ou supprimée.");
  });

  it("alerts on the last lines removed together, and on a checkpoint changed by hand", () => {
    const { unmount } = render(
      <VerdictNotice
        verdict={{
          intact: false,
          lines: 38,
          firstBroken: 40,
          checkpoint: { state: "broken", line: 40, at: "2026-12-07T09:15:00.000Z" },
        }}
      />,
    );
    expect(screen.getByRole("alert").textContent).toBe(
      "Journal modifié : la ligne n° 40 a été changée ou supprimée. Les dernières lignes ont pu être supprimées ensemble.",
    );
    unmount();
    render(
      <VerdictNotice
        verdict={{ intact: false, lines: 38, firstBroken: null, checkpoint: { state: "forged", line: null, at: null } }}
      />,
    );
    expect(screen.getByRole("alert").textContent).toBe(
      "Journal suspect : son point de contrôle hors de la base a été modifié.",
    );
  });
});

describe("JournalLines", () => {
  it("lists the lines in the order given (newest first), or says there is none", () => {
    renderPage(
      <JournalLines lines={[aJournalLine({ _id: 2, action: "delete" }), aJournalLine({ _id: 1 })]} empty="Vide." />,
      "/admin-panel/journal",
    );
    const items = screen.getAllByRole("listitem");
    expect(items.map((item) => item.querySelector("p")?.textContent)).toEqual(["Suppression", "Modification"]);
  });

  it("says the empty state's words", () => {
    render(<JournalLines lines={[]} empty="Le journal est vide." />);
    expect(screen.getByText("Le journal est vide.")).toBeTruthy();
  });
});

describe("JournalPager", () => {
  it("is not there on the only page", () => {
    renderPage(<JournalPager newest={null} older={null} />, "/admin-panel/journal");
    expect(screen.queryByRole("navigation")).toBeNull();
  });

  it("goes on to older lines and back to the newest", () => {
    renderPage(
      <JournalPager newest="/admin-panel/journal?action=update" older="/admin-panel/journal?action=update&before=9" />,
      "/admin-panel/journal",
    );
    expect(screen.getByRole("link", { name: "Plus anciens" }).getAttribute("href")).toBe(
      "/admin-panel/journal?action=update&before=9",
    );
    expect(screen.getByRole("link", { name: "Plus récents" }).getAttribute("href")).toBe(
      "/admin-panel/journal?action=update",
    );
  });
});
