import { Writable } from "node:stream";
import { DrizzleQueryError } from "drizzle-orm/errors";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { loggerOptions } from "~/platform/logger.server";
import { redactUrl, scrubLogObject, serializeError } from "./redact.server";

const SESSION = "sessTOKEN1234567890abcdef";

/** The production logger's options over a stream this test reads. */
function captureLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const log = pino({ ...loggerOptions, level: "trace" }, stream);
  return { log, text: () => lines.join("") };
}

describe("redactUrl", () => {
  it.each([
    ["/redefinir-senha?token=abc123", "/redefinir-senha?token=[redacted]"],
    ["/x?Code=1&keep=2&KEY=3", "/x?Code=[redacted]&keep=2&KEY=[redacted]"],
    [
      "/x?signature=s&sig=t&secret=u&password=v&resetToken=w&access_token=z",
      "/x?signature=[redacted]&sig=[redacted]&secret=[redacted]&password=[redacted]&resetToken=[redacted]&access_token=[redacted]",
    ],
    ["/repasses/1/comprovante?t=abc", "/repasses/1/comprovante?t=[redacted]"],
    ["http://h/p?festa=abc&tab=login#frag", "http://h/p?festa=abc&tab=login#frag"],
    ["/p?%74oken=abc", "/p?%74oken=[redacted]"],
    ["/plain/path", "/plain/path"],
    // Issue 31: the result page's signed gift reference, and capabilities in the path.
    ["/doacao-sucesso?ref=eyJwIjoiZG9uYXRpb24.SHMzC3RZ", "/doacao-sucesso?ref=[redacted]"],
    ["/recibo/d6d97780390e4a10922407c15f049b45/pdf", "/recibo/[redacted]/pdf"],
    ["/recibo/d6d97780390e4a10922407c15f049b45.data", "/recibo/[redacted].data"],
    ["/doar/pix/3a20c91c-37ec-407a-ba51-f91aa1dfd581.SHMzC3RZHmT9JS8rep-Hmu", "/doar/pix/[redacted]"],
    ["/painel/festas/3a20c91c-37ec-407a-ba51-f91aa1dfd581/agradecer", "/painel/festas/3a20c91c-37ec-407a-ba51-f91aa1dfd581/agradecer"],
    ["https://festasolidaria.example.org.br/festa/abc12", "https://festasolidaria.example.org.br/festa/abc12"],
    // The way back after signing in carries the page's own tokens ("Que tal todo mês?").
    [
      "/auth?tab=cadastro&redirectTo=%2Fassine-o-bem%3Fplano%3Dprata%26convite%3DeyJwIjoi.SHMz",
      "/auth?tab=cadastro&redirectTo=%2Fassine-o-bem%3Fplano%3Dprata%26convite%3D%5Bredacted%5D",
    ],
    ["/auth?redirectTo=%2Fpainel%3Faba%3Dfestas", "/auth?redirectTo=%2Fpainel%3Faba%3Dfestas"],
    ["/auth?redirectTo=%zz%3Ft%3D1", "/auth?redirectTo=%zz%3Ft%3D1"],
  ])("%s", (input, expected) => {
    expect(redactUrl(input)).toBe(expected);
  });
});

describe("errors in logs", () => {
  const failed = () =>
    new DrizzleQueryError(
      'select "user_id" from "session" where "token" = $1',
      [SESSION],
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
    );

  it("drops a failed query's parameters from message, stack and fields, keeping the cause", () => {
    const out = serializeError(failed()) as Record<string, unknown>;
    expect(JSON.stringify(out)).not.toContain(SESSION);
    expect(out.message).toContain('where "token" = $1');
    expect((out.cause as Record<string, unknown>).code).toBe("ECONNREFUSED");
  });

  it("keeps row values quoted by PostgreSQL out (detail)", () => {
    const pgError = Object.assign(new Error("duplicate key value"), { code: "23505", detail: `Key (token)=(${SESSION}) already exists.` });
    expect(JSON.stringify(serializeError(pgError))).not.toContain(SESSION);
  });

  it("the production logger never writes them, however the error is logged", () => {
    const { log, text } = captureLogger();
    log.error({ err: failed(), url: `http://localhost/redefinir-senha?token=${SESSION}` }, "request error");
    log.error(failed());
    log.error({ error: failed().message }, "checkout failed");
    log.warn({ headers: { cookie: `festa.session_token=${SESSION}`, authorization: `Bearer ${SESSION}` } }, "headers");
    log.info({ nested: { sessionToken: SESSION, password: "senha-secreta" } }, "nested");
    const written = text();
    expect(written).toContain("request error");
    expect(written).toContain("ECONNREFUSED");
    expect(written).not.toContain(SESSION);
    expect(written).not.toContain("senha-secreta");
  });

  it("leaves ordinary fields alone", () => {
    expect(scrubLogObject({ provider: "sandbox", eventId: "evt_1", outcome: "applied", count: 3 })).toEqual({
      provider: "sandbox",
      eventId: "evt_1",
      outcome: "applied",
      count: 3,
    });
  });
});
