/**
 * What a loader or action receives as `context` in tests: the app's dependencies (app/deps.server.ts)
 * with test doubles where the real one would reach outside, plus the per-request fields.
 *
 *   await action({ request, params: {}, context: testContext({ payments: { checkout: failing } }) } as never);
 *   const sandbox = testSandboxQueue();       // sandbox events wait here…
 *   … testContext({ payments: { sandboxEvents: sandbox } }) …
 *   await sandbox.flush();                    // …until the test delivers them to the webhook
 */
import type { AppLoadContext } from "react-router";
import type { AppDeps } from "~/deps.server";
import { handleWebhook } from "~/domain/donations/webhook.server";
import { type Payments, createPayments } from "~/domain/payments/index.server";
import { attemptSandboxDelivery } from "~/domain/payments/sandbox-delivery.server";
import type { SandboxEvent } from "~/domain/payments/sandbox.server";
import { type Clock, systemClock } from "~/platform/clock";
import { type Config, getConfig } from "~/platform/config.server";
import { outboxMailer } from "~/platform/mail/outbox.server";
import { cnpjRegistryFor } from "~/domain/organizations/index.server";

export type TestDepsOverrides = Partial<Omit<AppDeps, "payments">> & { payments?: Partial<Payments> };

/**
 * The sandbox provider's event queue for tests: `deliver` only keeps the event (as the real queue
 * stores a job); `flush` then delivers every waiting event the real way — signed with the
 * configuration's secret, through the webhook handler, which verifies the signature — and returns
 * the webhook's responses.
 */
export function testSandboxQueue() {
  const waiting: SandboxEvent[] = [];
  const queued: SandboxEvent[] = [];
  let deps: AppDeps | undefined;
  return {
    queued,
    async deliver(event: SandboxEvent) {
      waiting.push(event);
      queued.push(event);
    },
    get pending() {
      return waiting.length;
    },
    /** testDeps binds the queue to the dependencies the webhook runs with. */
    bind(to: AppDeps) {
      deps ??= to;
    },
    async flush(): Promise<Response[]> {
      if (!deps) throw new Error("testSandboxQueue: pass it to testDeps/testContext first");
      const responses: Response[] = [];
      for (let event = waiting.shift(); event; event = waiting.shift()) {
        await attemptSandboxDelivery(
          event,
          async (body, headers) => {
            const res = await handleWebhook(
              "sandbox",
              new Request("http://localhost:3000/api/webhooks/sandbox", { method: "POST", body, headers }),
              deps!,
            );
            responses.push(res);
            return { status: res.status };
          },
          deps.config.APP_SECRET,
        );
      }
      return responses;
    },
  };
}
type TestSandboxQueue = ReturnType<typeof testSandboxQueue>;

/** The app's dependencies for a test: the test environment's configuration (or `config`), real providers for it, the outbox, the system clock. */
export function testDeps(overrides: TestDepsOverrides = {}): AppDeps {
  const config: Config = overrides.config ?? getConfig();
  const sandboxEvents = overrides.payments?.sandboxEvents ?? testSandboxQueue();
  const payments: Payments = { ...createPayments(config, sandboxEvents), ...overrides.payments };
  const clock: Clock = overrides.clock ?? systemClock;
  const cnpjRegistry = overrides.cnpjRegistry ?? cnpjRegistryFor(config);
  const deps: AppDeps = { config, payments, clock, mailer: overrides.mailer ?? outboxMailer, cnpjRegistry };
  if ("bind" in sandboxEvents && typeof sandboxEvents.bind === "function") (sandboxEvents as TestSandboxQueue).bind(deps);
  return deps;
}

/** A full load context: testDeps plus the per-request fields server/app.ts adds. */
export function testContext(
  overrides: TestDepsOverrides & Partial<Pick<AppLoadContext, "clientIp" | "nonce" | "requestId">> = {},
): AppLoadContext {
  const { clientIp = "unknown", nonce = "test-nonce", requestId = "test-request", ...deps } = overrides;
  return { ...testDeps(deps), clientIp, nonce, requestId };
}
