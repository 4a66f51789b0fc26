import { testContext } from "@tests/context";
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { authedRequest, createTestUser } from "@tests/auth";
import { fieldErrors, postedValues } from "@tests/forms";
import { insertCause, insertInstitution } from "@tests/parties";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { addCalendarDays, todayInSaoPaulo } from "~/platform/dates";
import type { FormResult } from "~/platform/forms/submission";
import { action, loader } from "./criar-festa";

const args = (request: Request) => ({ request, params: {}, context: testContext() }) as never;

function post(cookie: string | undefined, fields: Record<string, string>) {
  return authedRequest("/criar-festa", { method: "POST", body: new URLSearchParams(fields), cookie });
}

async function unwrap(result: unknown) {
  // data() results come back as { type: "DataWithResponseInit", data, init }.
  const r = result as { data: { result: FormResult; formError?: string }; init: { status: number } };
  // Field errors and the values as typed are read from Conform's reply.
  return { status: r.init.status, ...r.data, errors: fieldErrors(r.data.result), values: postedValues(r.data.result) };
}

const valid = (organizationId: string) => ({
  name: "Aniversário da Lia",
  eventType: "Aniversário",
  eventDate: addCalendarDays(todayInSaoPaulo(), 7),
  organizationId,
  goal: "2.000",
  message: "Porque a Lia ama os bichos",
});

describe("/criar-festa", () => {
  it("sends a visitor without a session to /auth with the spec's toast", async () => {
    const response = (await loader(args(authedRequest("/criar-festa"))).catch((r) => r)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth?redirectTo=%2Fcriar-festa");
    expect(response.headers.get("Set-Cookie")).toContain("fs_toast");
    const posted = (await action(args(post(undefined, valid("x")))).catch((r) => r)) as Response;
    expect(posted.status).toBe(302);
    expect(await db.select().from(schema.parties)).toHaveLength(0);
  });

  it("offers active, verified institutions grouped by their active cause; a cause without one is not offered", async () => {
    const { cookie } = await createTestUser();
    const fome = await insertCause({ name: "Combate à Fome" });
    const animais = await insertCause({ name: "Proteção Animal" });
    await insertCause({ name: "Saúde e Bem-estar" }); // no institution at all
    const onlyUnverified = await insertCause({ name: "Moradia Digna" });
    const off = await insertCause({ name: "Causa desativada", active: false });
    const prato = await insertInstitution(fome.id, { name: "Instituto Prato Cheio", city: "Contagem", state: "MG" });
    const mesa = await insertInstitution(fome.id, { name: "Mesa Farta", city: "Recife", state: "PE", isMain: true });
    const patinhas = await insertInstitution(animais.id, { name: "Patinhas do Bem", city: "Curitiba", state: "PR" });
    await insertInstitution(fome.id, { name: "Inativa", active: false });
    await insertInstitution(onlyUnverified.id, { name: "Teto em verificação", verifiedAt: null });
    await insertInstitution(off.id, { name: "De causa desativada" });

    const { institutions } = await loader(args(authedRequest("/criar-festa", { cookie })));
    expect(institutions).toEqual([
      {
        causeId: fome.id,
        causeName: "Combate à Fome",
        institutions: [
          { id: mesa.id, name: "Mesa Farta", city: "Recife", state: "PE" }, // the cause's main charity first
          { id: prato.id, name: "Instituto Prato Cheio", city: "Contagem", state: "MG" },
        ],
      },
      {
        causeId: animais.id,
        causeName: "Proteção Animal",
        institutions: [{ id: patinhas.id, name: "Patinhas do Bem", city: "Curitiba", state: "PR" }],
      },
    ]);
  });

  it("creates the party for the session's user, ignoring a forged user id, and goes to /painel", async () => {
    const { user, cookie } = await createTestUser();
    const other = await createTestUser();
    const cause = await insertCause();
    const org = await insertInstitution(cause.id);
    const response = (await action(args(post(cookie, { ...valid(org.id), userId: other.user.id, user_id: other.user.id })))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/painel\/festa\/[a-z0-9]{5}\?nova=1$/);
    expect(response.headers.get("Set-Cookie")).toContain("fs_toast");
    const [party] = await db.select().from(schema.parties);
    expect(party).toMatchObject({
      userId: user.id,
      goalCents: 200000,
      name: "Aniversário da Lia",
      organizationId: org.id,
      causeId: cause.id,
    });
  });

  it("refuses a past date, a bad goal and an institution that may not receive, keeping the values and storing nothing", async () => {
    const { cookie } = await createTestUser();
    const cause = await insertCause();
    const org = await insertInstitution(cause.id);
    const inactive = await insertInstitution(cause.id, { active: false });
    const unverified = await insertInstitution(cause.id, { verifiedAt: null });
    const ofInactiveCause = await insertInstitution((await insertCause({ active: false })).id);

    const past = await unwrap(await action(args(post(cookie, { ...valid(org.id), eventDate: addCalendarDays(todayInSaoPaulo(), -1) }))));
    expect(past).toMatchObject({ status: 400, errors: { eventDate: "A data do evento não pode estar no passado." } });
    expect(past.values.name).toBe("Aniversário da Lia");

    const goal = await unwrap(await action(args(post(cookie, { ...valid(org.id), goal: "abc" }))));
    expect(goal.errors).toEqual({ goal: "Informe a meta em reais, por exemplo 1.500,00." });
    expect(goal.values.goal).toBe("abc");

    const negative = await unwrap(await action(args(post(cookie, { ...valid(org.id), goal: "-50" }))));
    expect(negative.errors).toEqual({ goal: "A meta não pode ser negativa." });

    // The bounds, each with its own message (R$ 0,01 used to be accepted; a huge number was "format").
    const tiny = await unwrap(await action(args(post(cookie, { ...valid(org.id), goal: "0,01" }))));
    expect(tiny.errors).toEqual({ goal: "A meta precisa ser de pelo menos R$ 50,00." });
    const huge = await unwrap(await action(args(post(cookie, { ...valid(org.id), goal: "99999999999999" }))));
    expect(huge.errors).toEqual({ goal: "A meta pode ser de no máximo R$ 10.000.000,00." });

    const off = await unwrap(await action(args(post(cookie, valid(inactive.id)))));
    expect(off).toMatchObject({
      status: 400,
      errors: { organizationId: "Esta instituição não está recebendo doações no momento. Escolha outra da lista." },
    });
    expect(off.values.name).toBe("Aniversário da Lia");
    const pending = await unwrap(await action(args(post(cookie, valid(unverified.id)))));
    expect(pending).toMatchObject({
      status: 400,
      errors: {
        organizationId:
          "Esta instituição ainda está em verificação pela nossa equipe e não pode receber festas por enquanto. Escolha outra da lista.",
      },
    });
    for (const id of [ofInactiveCause.id, "6f1c1b8e-8a55-4d2c-9d0b-2b8f3f0e6a11"]) {
      const unknown = await unwrap(await action(args(post(cookie, valid(id)))));
      expect(unknown).toMatchObject({
        status: 400,
        errors: { organizationId: "Esta ONG/Causa não está disponível. Escolha outra da lista." },
      });
    }

    expect(await db.select().from(schema.parties)).toHaveLength(0);
  });
});
