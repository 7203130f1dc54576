import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pollerBrowser } from "../../test/poller-browser";
import { type PollerStatus, type PollOutcome, startPoller } from "./poller";

/** A poll whose answers the test gives one by one; counts its calls. */
function scriptedPoll(...answers: (PollOutcome | Error)[]) {
  const poll = vi.fn(async (): Promise<PollOutcome> => {
    const next = answers.shift() ?? "again";
    if (next instanceof Error) throw next;
    return next;
  });
  return poll;
}

describe("startPoller", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("reads every 3 s, never at once (the loader just read), and stops when the end is reached", async () => {
    const browser = pollerBrowser();
    const poll = scriptedPoll("again", "again", "done");
    const statuses: PollerStatus[] = [];
    startPoller(poll, { env: browser.env, onStatus: (s) => statuses.push(s) });
    expect(poll).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2999);
    expect(poll).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(poll).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(poll).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3000);
    expect(poll).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(poll).toHaveBeenCalledTimes(3);
    expect(statuses).toEqual(["live", "done"]);
    expect(browser.listeners()).toBe(0);
  });

  it("waits twice as long after each failure in a row, up to 30 s, and back to 3 s after a success", async () => {
    const browser = pollerBrowser();
    const boom = new Error("réseau");
    const answers: (PollOutcome | Error)[] = [boom, boom, boom, boom, boom, "again", "again"];
    const times: number[] = [];
    const start = Date.now();
    const poll = vi.fn(async (): Promise<PollOutcome> => {
      times.push(Date.now() - start);
      const next = answers.shift() ?? "again";
      if (next instanceof Error) throw next;
      return next;
    });
    const statuses: PollerStatus[] = [];
    startPoller(poll, { env: browser.env, onStatus: (s) => statuses.push(s) });
    await vi.advanceTimersByTimeAsync(200_000);
    const gaps = times.slice(0, 8).map((t, i) => t - (times[i - 1] ?? 0));
    expect(gaps).toEqual([3000, 6000, 12_000, 24_000, 30_000, 30_000, 3000, 3000]);
    expect(statuses.slice(0, 3)).toEqual(["live", "retrying", "live"]);
  });

  it("counts a read that hangs as failed, and never starts a second one meanwhile", async () => {
    const browser = pollerBrowser();
    let calls = 0;
    const poll = vi.fn(() => {
      calls++;
      return new Promise<PollOutcome>(() => {});
    });
    const statuses: PollerStatus[] = [];
    startPoller(poll, { env: browser.env, timeout: 10_000, onStatus: (s) => statuses.push(s) });
    await vi.advanceTimersByTimeAsync(3000);
    expect(calls).toBe(1);
    // A tab seen again during the read does not start another.
    browser.fire("visibilitychange");
    await vi.advanceTimersByTimeAsync(9999);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(statuses.at(-1)).toBe("retrying");
    await vi.advanceTimersByTimeAsync(6000);
    expect(calls).toBe(2);
  });

  it("offline: stops reading, says so, and reads at once when the network is back", async () => {
    const browser = pollerBrowser();
    const poll = scriptedPoll();
    const statuses: PollerStatus[] = [];
    startPoller(poll, { env: browser.env, onStatus: (s) => statuses.push(s) });
    await vi.advanceTimersByTimeAsync(3000);
    expect(poll).toHaveBeenCalledTimes(1);
    browser.online = false;
    browser.fire("offline");
    await vi.advanceTimersByTimeAsync(120_000);
    expect(poll).toHaveBeenCalledTimes(1);
    expect(statuses.at(-1)).toBe("offline");
    browser.online = true;
    browser.fire("online");
    await vi.advanceTimersByTimeAsync(0);
    expect(poll).toHaveBeenCalledTimes(2);
    expect(statuses.at(-1)).toBe("live");
    await vi.advanceTimersByTimeAsync(3000);
    expect(poll).toHaveBeenCalledTimes(3);
  });

  it("a failed read while the browser knows it is offline waits for the network, not for a timer", async () => {
    const browser = pollerBrowser();
    const poll = vi.fn(async (): Promise<PollOutcome> => {
      browser.online = false;
      throw new Error("Failed to fetch");
    });
    const statuses: PollerStatus[] = [];
    startPoller(poll, { env: browser.env, onStatus: (s) => statuses.push(s) });
    await vi.advanceTimersByTimeAsync(3000);
    expect(statuses.at(-1)).toBe("offline");
    await vi.advanceTimersByTimeAsync(120_000);
    expect(poll).toHaveBeenCalledTimes(1);
  });

  it("starts offline without reading, then reads as soon as the network is back", async () => {
    const browser = pollerBrowser();
    browser.online = false;
    const poll = scriptedPoll("done");
    const statuses: PollerStatus[] = [];
    startPoller(poll, { env: browser.env, onStatus: (s) => statuses.push(s) });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(poll).not.toHaveBeenCalled();
    browser.online = true;
    browser.fire("online");
    await vi.advanceTimersByTimeAsync(0);
    expect(poll).toHaveBeenCalledTimes(1);
    expect(statuses).toEqual(["offline", "done"]);
  });

  it("pauses while the page is hidden (phone locked, another app) and reads at once when it is seen again", async () => {
    const browser = pollerBrowser();
    const poll = scriptedPoll();
    startPoller(poll, { env: browser.env });
    await vi.advanceTimersByTimeAsync(3000);
    expect(poll).toHaveBeenCalledTimes(1);
    browser.visible = false;
    browser.fire("visibilitychange");
    await vi.advanceTimersByTimeAsync(300_000);
    expect(poll).toHaveBeenCalledTimes(1);
    browser.visible = true;
    browser.fire("visibilitychange");
    await vi.advanceTimersByTimeAsync(0);
    expect(poll).toHaveBeenCalledTimes(2);
  });

  it("stops for good when asked (the screen left), listeners removed", async () => {
    const browser = pollerBrowser();
    const poll = scriptedPoll();
    const stop = startPoller(poll, { env: browser.env });
    expect(browser.listeners()).toBe(3);
    stop();
    expect(browser.listeners()).toBe(0);
    browser.fire("online");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(poll).not.toHaveBeenCalled();
  });
});
