import { describe, expect, it } from "vitest";
import { formBody as form, parsedValue as value, TEST_UUID as UUID } from "@tests/forms";
import { parseSubmission } from "./submission";
import { deletionSchema, toggleActiveSchema } from "./fields";

describe("the hidden-field forms every admin list shares", () => {
  it("switches post 'true' or 'false' for a record id", () => {
    expect(value(parseSubmission(form({ id: UUID, active: "false" }), toggleActiveSchema))).toEqual({ id: UUID, active: false });
    expect(parseSubmission(form({ id: "1", active: "sim" }), toggleActiveSchema).reply().error).toEqual({
      id: ["Registro inválido."],
      active: ["Valor inválido."],
    });
  });

  it("a delete names its record; the confirmation is read, not required, so the page can ask first", () => {
    expect(value(parseSubmission(form({ id: UUID }), deletionSchema))).toEqual({ id: UUID });
    expect(value(parseSubmission(form({ id: UUID, confirmed: "sim" }), deletionSchema))).toEqual({ id: UUID, confirmed: "sim" });
    expect(parseSubmission(form({ id: "x" }), deletionSchema).reply().error).toEqual({ id: ["Registro inválido."] });
  });
});
