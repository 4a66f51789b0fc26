import "@tests/database";
import { describe, expect, it } from "vitest";
import { readToast, toastHeaders } from "./toast.server";

describe("readToast", () => {
  it("returns the flashed toast once and clears its cookie", async () => {
    const set = (await toastHeaders({ type: "info", title: "Login necessário", description: "Faça login para assinar um plano" })).get(
      "Set-Cookie",
    )!;
    const cookie = set.split(";")[0]!;
    const { toast, headers } = await readToast(new Request("http://localhost:3000/auth", { headers: { Cookie: cookie } }));
    expect(toast).toEqual({ type: "info", title: "Login necessário", description: "Faça login para assinar um plano" });
    // Without this the same toast pops up again on every page until the browser closes.
    expect(headers.get("Set-Cookie")).toMatch(/^fs_toast=;.*Expires=Thu, 01 Jan 1970/);
  });

  it("sets no cookie when there is no toast", async () => {
    const { toast, headers } = await readToast(new Request("http://localhost:3000/"));
    expect(toast).toBeNull();
    expect(headers.get("Set-Cookie")).toBeNull();
  });
});
