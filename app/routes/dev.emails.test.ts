import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { afterEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "~/config.server";
import { db } from "~/db.server";
import { passwordResetEmail } from "~/emails/password-reset";
import { enqueueEmail } from "~/models/outbox.server";
import { loader as detail } from "./dev.emails.$id";
import { loader as list } from "./dev.emails";

const saved = { ...process.env };
afterEach(() => {
  for (const key of ["NODE_ENV", "PAYMENTS_SANDBOX"]) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  resetConfigForTests();
});

async function status(run: () => Promise<unknown>) {
  try {
    const result = await run();
    return result instanceof Response ? result.status : 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    return (thrown as { init?: { status?: number } }).init?.status ?? 500;
  }
}

describe("/dev/emails", () => {
  it("lists every outbox e-mail with its text, and serves the HTML part", async () => {
    const id = await enqueueEmail(db, { to: "ana@exemplo.com.br", ...passwordResetEmail({ name: "Ana", url: "http://localhost:3000/redefinir-senha?token=t1" }) });
    const data = await list();
    expect(data.emails).toEqual([
      expect.objectContaining({ id, to: "ana@exemplo.com.br", subject: "Redefina sua senha da Festa Solidária", status: "pending" }),
    ]);
    expect(data.emails[0]!.text).toContain("http://localhost:3000/redefinir-senha?token=t1");

    const res = (await detail({ params: { id: id! } } as never)) as Response;
    expect(res.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(await res.text()).toContain('href="http://localhost:3000/redefinir-senha?token=t1"');
    expect(await status(() => detail({ params: { id: "nao-e-uuid" } } as never))).toBe(404);
  });

  it("does not exist in production", async () => {
    const id = await enqueueEmail(db, { to: "ana@exemplo.com.br", ...passwordResetEmail({ name: "Ana", url: "http://x/y" }) });
    process.env.NODE_ENV = "production";
    process.env.PAYMENTS_SANDBOX = "on";
    resetConfigForTests();
    expect(await status(() => list())).toBe(404);
    expect(await status(() => detail({ params: { id: id! } } as never))).toBe(404);
  });
});
