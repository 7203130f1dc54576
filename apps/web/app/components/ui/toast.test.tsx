import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts, TOAST_READ_MS, Toaster, toast } from "./toast";

describe("toasts", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    act(() => resetToasts());
    vi.useRealTimers();
  });

  it("closes a success after 300 ms, politely announced", () => {
    render(<Toaster />);
    act(() => {
      toast.success("Connexion réussie.");
    });
    expect(screen.getByRole("status").textContent).toBe("Connexion réussie.");
    act(() => vi.advanceTimersByTime(299));
    expect(screen.queryByText("Connexion réussie.")).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText("Connexion réussie.")).toBeNull();
  });

  it("keeps an error readable, and holds it while hovered", () => {
    render(<Toaster />);
    act(() => {
      toast.error("E-mail ou mot de passe incorrect.");
    });
    const item = screen.getByRole("alert").querySelector("li")!;
    act(() => vi.advanceTimersByTime(TOAST_READ_MS - 1000));
    act(() => item.dispatchEvent(new MouseEvent("mouseover", { bubbles: true })));
    act(() => vi.advanceTimersByTime(TOAST_READ_MS * 2));
    expect(screen.queryByText("E-mail ou mot de passe incorrect.")).not.toBeNull();
    act(() => item.dispatchEvent(new MouseEvent("mouseout", { bubbles: true })));
    act(() => vi.advanceTimersByTime(TOAST_READ_MS));
    expect(screen.queryByText("E-mail ou mot de passe incorrect.")).toBeNull();
  });

  it("can be closed by hand", () => {
    render(<Toaster />);
    act(() => {
      toast.error("Une erreur est survenue.");
    });
    act(() => screen.getByRole("button", { name: "Fermer" }).click());
    expect(screen.queryByText("Une erreur est survenue.")).toBeNull();
  });
});
