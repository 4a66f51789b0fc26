CREATE TABLE "organization_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"legal_name" text,
	"cnpj" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"valid_from" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "plan" "plan";--> statement-breakpoint
ALTER TABLE "organization_revisions" ADD CONSTRAINT "organization_revisions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organization_revisions_org_idx" ON "organization_revisions" USING btree ("organization_id","valid_from");
--> statement-breakpoint
-- hand-written (keep on regeneration)
-- Institutions as they were (decision 166): every institution's present identity, valid since
-- always (the ledger rows already written name it as it is now: nothing older was kept).
INSERT INTO "organization_revisions" ("organization_id", "name", "legal_name", "cnpj", "city", "state", "valid_from")
SELECT "id", "name", "legal_name", "cnpj", "city", "state", '-infinity'::timestamptz FROM "organizations";
--> statement-breakpoint
CREATE FUNCTION "organization_revisions_record"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (NEW.name, NEW.legal_name, NEW.cnpj, NEW.city, NEW.state)
      IS NOT DISTINCT FROM (OLD.name, OLD.legal_name, OLD.cnpj, OLD.city, OLD.state) THEN
    RETURN NEW;
  END IF;
  INSERT INTO organization_revisions (organization_id, name, legal_name, cnpj, city, state, valid_from)
  VALUES (NEW.id, NEW.name, NEW.legal_name, NEW.cnpj, NEW.city, NEW.state,
    CASE WHEN TG_OP = 'INSERT' THEN '-infinity'::timestamptz ELSE clock_timestamp() END);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "organization_revisions_record" AFTER INSERT OR UPDATE ON "organizations"
  FOR EACH ROW EXECUTE FUNCTION "organization_revisions_record"();
--> statement-breakpoint
-- One main institution (decision 166): keep the oldest main one, then let the database refuse a second.
UPDATE "organizations" SET "is_main" = false
WHERE "is_main" AND "id" <> (SELECT "id" FROM "organizations" WHERE "is_main" ORDER BY "created_at", "id" LIMIT 1);
--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_one_main" ON "organizations" ("is_main") WHERE "is_main";
