/**
 * What loaders and actions depend on, handed to them in React Router's load context
 * (server/app.ts `getLoadContext`; docs/decisions/112-request-context.md). The server builds one
 * set at start; a test builds its own with fakes (tests/support/context.ts) and passes it to a
 * loader/action call or to the app, instead of swapping module globals.
 */
import type { Config } from "~/platform/config.server";
import type { Clock } from "~/platform/clock";
import type { Mailer } from "~/platform/mail/outbox.server";
import type { Payments } from "~/domain/payments/index.server";
import type { CnpjRegistry } from "~/domain/organizations";

export type AppDeps = {
  config: Config;
  /** The payment providers for checkouts and webhooks, and the sandbox's event queue. */
  payments: Payments;
  /** Mail sent while handling a request (the outbox, in the request's transaction). */
  mailer: Mailer;
  clock: Clock;
  /** The public CNPJ registry (BrasilAPI or its offline twin), behind a timeout and a cache. */
  cnpjRegistry: CnpjRegistry;
};
