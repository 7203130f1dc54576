import { test as base, type Page } from "@playwright/test";

export * from "@playwright/test";

/**
 * Every journey runs under the pages' Content-Security-Policy and must not break it (decision 023):
 * each page of the test's browser context reports its `securitypolicyviolation` events, and
 * the test fails after the fact if there was any. A test that provokes violations on purpose
 * reads and empties `cspViolations` itself.
 */
const HEADER_ERROR =
  /Error with Permissions-Policy header|Unrecognized Content-Security-Policy directive|Content Security Policy directive '[^']+' contains|Reporting-Endpoints/;

export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
        });
      });
      const headerErrors: string[] = [];
      const watch = (page: Page) =>
        page.on("console", (message) => {
          const text = message.text();
          if (text.startsWith("CSP violation:")) violations.push(`${page.url()} ${text}`);
          // A header the browser cannot read (an unknown feature, a misspelt directive) is a
          // console error on every page: what the headers say must be what the browser applies.
          if (HEADER_ERROR.test(text)) headerErrors.push(`${page.url()} ${text}`);
        });
      context.pages().forEach(watch);
      context.on("page", watch);
      await use(violations);
      if (violations.length) throw new Error(`Content-Security-Policy violations:\n${violations.join("\n")}`);
      if (headerErrors.length) throw new Error(`Security headers the browser cannot read:\n${headerErrors.join("\n")}`);
    },
    { auto: true },
  ],
});
