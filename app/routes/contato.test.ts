import { testContext } from "@tests/context";
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { fieldErrors, postedValues } from "@tests/forms";
import { describe, expect, it } from "vitest";
import type { FormResult } from "~/platform/forms/submission";
import { db, schema } from "~/platform/db.server";
import { action } from "./contato";

const valid = { nome: "Joana Prado", email: "joana@exemplo.com.br", telefone: "(31) 98888-7777", mensagem: "Quero cadastrar minha ONG." };

async function send(fields: Record<string, string>, ip = "203.0.113.7") {
  const response = await action({
    request: new Request("http://localhost/contato", { method: "POST", body: new URLSearchParams(fields) }),
    params: {},
    context: testContext({ clientIp: ip }),
  } as never);
  const result = response as unknown as {
    data: { ok?: boolean; formError?: string; result?: FormResult } & Record<string, unknown>;
    init: ResponseInit | null;
  };
  // Field errors and the values as typed are read from Conform's reply.
  const form: { errors?: Record<string, string>; values?: Record<string, string> } = result.data.result
    ? { errors: fieldErrors(result.data.result), values: postedValues(result.data.result) }
    : {};
  return { status: result.init?.status ?? 200, body: { ...result.data, ...form }, headers: new Headers(result.init?.headers) };
}

const stored = () => db.select().from(schema.contactMessages);
const outbox = () => db.select().from(schema.emailOutbox);

describe("contact form", () => {
  it("stores the message and queues one e-mail to the team", async () => {
    const { status, body } = await send(valid);
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true });
    const [message] = await stored();
    expect(message).toMatchObject({
      name: "Joana Prado",
      email: "joana@exemplo.com.br",
      phone: "(31) 98888-7777",
      message: "Quero cadastrar minha ONG.",
      answeredAt: null,
    });
    const mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: "contato@festasolidaria.org.br", template: "contact-message", status: "pending" });
    expect(mails[0]!.subject).toContain("Joana Prado");
    expect(mails[0]!.text).toContain("(31) 98888-7777");
    expect(mails[0]!.text).toContain("Quero cadastrar minha ONG.");
  });

  it("accepts a message without text (only name, e-mail and phone are required)", async () => {
    expect((await send({ ...valid, mensagem: "" })).body).toEqual({ ok: true });
    expect((await stored())[0]!.message).toBeNull();
  });

  it("escapes what people type in the e-mail's HTML", async () => {
    await send({ ...valid, mensagem: "<script>alert(1)</script>" });
    const [mail] = await outbox();
    expect(mail!.html).not.toContain("<script>alert(1)</script>");
    expect(mail!.html).toContain("&lt;script&gt;");
  });

  it("answers bad input with a message per field, keeps the values and stores nothing", async () => {
    const { status, body } = await send({ nome: " ", email: "joana@", telefone: "", mensagem: "Olá" });
    expect(status).toBe(400);
    expect(body.ok).toBe(false);
    expect(body.errors).toEqual({
      nome: "Informe seu nome.",
      email: "Informe um e-mail válido, como nome@exemplo.com.br.",
      telefone: "Informe seu telefone.",
    });
    expect(body.values).toEqual({ nome: " ", email: "joana@", telefone: "", mensagem: "Olá" });
    expect((await send({ ...valid, telefone: "12345" })).body.errors).toEqual({ telefone: "Informe um telefone válido com DDD." });
    expect((await send({ ...valid, email: "" })).body.errors).toEqual({ email: "Informe seu e-mail." });
    expect(await stored()).toEqual([]);
    expect(await outbox()).toEqual([]);
  });

  it("gives a bot that fills the honeypot a success and stores nothing", async () => {
    const { status, body } = await send({ ...valid, site: "http://spam.example" });
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true });
    expect(await stored()).toEqual([]);
    expect(await outbox()).toEqual([]);
  });

  it("limits each address to 5 messages per 10 minutes and keeps what was typed", async () => {
    for (let i = 0; i < 5; i++) expect((await send(valid)).body).toEqual({ ok: true });
    const blocked = await send(valid);
    expect(blocked.status).toBe(429);
    expect(blocked.body.formError).toMatch(/muitas mensagens/);
    expect(blocked.body.values?.nome).toBe("Joana Prado");
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await stored()).toHaveLength(5);
    // Someone else is not affected.
    expect((await send(valid, "198.51.100.9")).body).toEqual({ ok: true });
    expect(await stored()).toHaveLength(6);
  });
});
