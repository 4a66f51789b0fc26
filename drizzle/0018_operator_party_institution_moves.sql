CREATE TABLE "party_institution_moves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"party_id" uuid NOT NULL,
	"from_organization_id" uuid,
	"to_organization_id" uuid,
	"reason" text NOT NULL,
	"moved_by" text,
	"moved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "party_institution_moves" ADD CONSTRAINT "party_institution_moves_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "party_institution_moves" ADD CONSTRAINT "party_institution_moves_from_organization_id_organizations_id_fk" FOREIGN KEY ("from_organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "party_institution_moves" ADD CONSTRAINT "party_institution_moves_to_organization_id_organizations_id_fk" FOREIGN KEY ("to_organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "party_institution_moves" ADD CONSTRAINT "party_institution_moves_moved_by_user_id_fk" FOREIGN KEY ("moved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "party_institution_moves_party_idx" ON "party_institution_moves" USING btree ("party_id","moved_at");
--> statement-breakpoint
-- hand-written (keep on regeneration)
-- A party's cause is its institution's cause (decision 165): the column is kept (parties without an
-- institution, history) but can never differ from the institution's while it has one.
UPDATE "parties" SET "cause_id" = "organizations"."cause_id" FROM "organizations"
  WHERE "parties"."organization_id" = "organizations"."id" AND "organizations"."cause_id" IS NOT NULL
    AND "parties"."cause_id" <> "organizations"."cause_id";
--> statement-breakpoint
CREATE FUNCTION "parties_cause_from_institution"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.organization_id IS NOT NULL THEN
    NEW.cause_id := coalesce((SELECT cause_id FROM organizations WHERE id = NEW.organization_id), NEW.cause_id);
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "parties_cause_from_institution" BEFORE INSERT OR UPDATE OF "cause_id", "organization_id" ON "parties"
  FOR EACH ROW EXECUTE FUNCTION "parties_cause_from_institution"();
--> statement-breakpoint
CREATE FUNCTION "organizations_cause_to_parties"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.cause_id IS NOT NULL AND NEW.cause_id IS DISTINCT FROM OLD.cause_id THEN
    UPDATE parties SET cause_id = NEW.cause_id WHERE organization_id = NEW.id;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "organizations_cause_to_parties" AFTER UPDATE OF "cause_id" ON "organizations"
  FOR EACH ROW EXECUTE FUNCTION "organizations_cause_to_parties"();
