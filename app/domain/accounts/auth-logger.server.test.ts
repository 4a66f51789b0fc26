import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { afterEach, describe, expect, it, vi } from "vitest";
import { logger } from "~/platform/logger.server";
import { getAuth } from "./auth-config.server";

afterEach(() => vi.restoreAllMocks());

describe("Better Auth's log lines", () => {
  it("a sign-in with an unknown e-mail leaves no English warning in the terminal: our logger, at debug, in pt-BR", async () => {
    const warn = vi.spyOn(logger, "warn");
    const error = vi.spyOn(logger, "error");
    const debug = vi.spyOn(logger, "debug");
    await getAuth()
      .api.signInEmail({ body: { email: "ninguem@exemplo.com.br", password: "qualquer-coisa" } })
      .catch(() => null);
    const lines = [...warn.mock.calls, ...error.mock.calls].map((call) => String(call[1] ?? call[0]));
    expect(lines.filter((line) => /better-auth|User not found/i.test(line))).toEqual([]);
    expect(debug).toHaveBeenCalledWith(expect.objectContaining({ library: "better-auth" }), "Aviso da autenticação (login e contas)");
  });
});
