import { test as base, type Page } from "@playwright/test";

export * from "@playwright/test";

/**
 * Every journey runs under the pages' Content-Security-Policy and must not break it (issue 18):
 * each page of the test's browser context reports its `securitypolicyviolation` events, and
 * the test fails after the fact if there was any. A test that provokes violations on purpose
 * reads and empties `cspViolations` itself.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
        });
      });
      const watch = (page: Page) =>
        page.on("console", (message) => {
          if (message.text().startsWith("CSP violation:")) violations.push(`${page.url()} ${message.text()}`);
        });
      context.pages().forEach(watch);
      context.on("page", watch);
      await use(violations);
      if (violations.length) throw new Error(`Content-Security-Policy violations:\n${violations.join("\n")}`);
    },
    { auto: true },
  ],
});
