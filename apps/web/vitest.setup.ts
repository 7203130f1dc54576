import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { failOnUnexpectedConsoleError } from "./app/test/console";

// A console.error the test did not announce fails it (app/test/console.ts says how to announce
// one). Installed first: after-hooks run last-registered first, so what the unmount below logs
// still counts.
failOnUnexpectedConsoleError();
afterEach(() => cleanup());
