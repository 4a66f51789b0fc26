CREATE TYPE "public"."institution_document_kind" AS ENUM('bylaws', 'board_minutes', 'cnpj_card', 'pix_proof');--> statement-breakpoint
CREATE TYPE "public"."institution_application_status" AS ENUM('submitted', 'changes_requested', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."institution_role" AS ENUM('owner', 'member');--> statement-breakpoint
CREATE TYPE "public"."cnpj_registry_result" AS ENUM('found', 'not_found', 'unavailable');--> statement-breakpoint
ALTER TYPE "public"."plan" ADD VALUE 'personalizado';--> statement-breakpoint
CREATE TABLE "creator_email_notices" (
	"party_id" uuid PRIMARY KEY NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "institution_application_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"kind" "institution_document_kind" NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"file_name" text NOT NULL,
	"original_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "institution_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"cnpj" text NOT NULL,
	"legal_name" text NOT NULL,
	"trade_name" text,
	"cause_id" uuid,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text NOT NULL,
	"pix_key_type" "pix_key_type" NOT NULL,
	"pix_key" text NOT NULL,
	"description" text NOT NULL,
	"status" "institution_application_status" DEFAULT 'submitted' NOT NULL,
	"registry_result" "cnpj_registry_result" NOT NULL,
	"registry_data" jsonb,
	"registry_checked_at" timestamp with time zone,
	"review_reason" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"organization_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "institution_applications_cnpj_chars" CHECK ("institution_applications"."cnpj" ~ '^[0-9A-Z]{12}[0-9]{2}$')
);
--> statement-breakpoint
CREATE TABLE "institution_invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"email" text NOT NULL,
	"invited_by" text,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "institution_members" (
	"organization_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"role" "institution_role" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "institution_members_organization_id_user_id_pk" PRIMARY KEY("organization_id","user_id")
);
--> statement-breakpoint
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
CREATE TABLE "supporter_mural" (
	"user_id" text PRIMARY KEY NOT NULL,
	"display_name" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"organization_id" uuid,
	"preferred_dates" text NOT NULL,
	"people" integer NOT NULL,
	"message" text,
	"sent_to" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_requests_people_range" CHECK ("visit_requests"."people" between 1 and 10)
);
--> statement-breakpoint
ALTER TABLE "organizations" DROP CONSTRAINT "organizations_cnpj_digits";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "plan" "plan";--> statement-breakpoint
ALTER TABLE "parties" ADD COLUMN "creator_emails" text DEFAULT 'resumo' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "custom_amount_cents" integer;--> statement-breakpoint
ALTER TABLE "creator_email_notices" ADD CONSTRAINT "creator_email_notices_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_application_documents" ADD CONSTRAINT "institution_application_documents_application_id_institution_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."institution_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_applications" ADD CONSTRAINT "institution_applications_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_applications" ADD CONSTRAINT "institution_applications_cause_id_causes_id_fk" FOREIGN KEY ("cause_id") REFERENCES "public"."causes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_applications" ADD CONSTRAINT "institution_applications_reviewed_by_user_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_applications" ADD CONSTRAINT "institution_applications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_invites" ADD CONSTRAINT "institution_invites_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_invites" ADD CONSTRAINT "institution_invites_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_invites" ADD CONSTRAINT "institution_invites_accepted_by_user_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_members" ADD CONSTRAINT "institution_members_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_members" ADD CONSTRAINT "institution_members_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_revisions" ADD CONSTRAINT "organization_revisions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "party_institution_moves" ADD CONSTRAINT "party_institution_moves_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "party_institution_moves" ADD CONSTRAINT "party_institution_moves_from_organization_id_organizations_id_fk" FOREIGN KEY ("from_organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "party_institution_moves" ADD CONSTRAINT "party_institution_moves_to_organization_id_organizations_id_fk" FOREIGN KEY ("to_organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "party_institution_moves" ADD CONSTRAINT "party_institution_moves_moved_by_user_id_fk" FOREIGN KEY ("moved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supporter_mural" ADD CONSTRAINT "supporter_mural_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD CONSTRAINT "visit_requests_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD CONSTRAINT "visit_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "institution_application_documents_kind_idx" ON "institution_application_documents" USING btree ("application_id","kind");--> statement-breakpoint
CREATE INDEX "institution_applications_user_idx" ON "institution_applications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "institution_applications_status_idx" ON "institution_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "institution_applications_open_cnpj_idx" ON "institution_applications" USING btree ("cnpj") WHERE "institution_applications"."status" = 'submitted';--> statement-breakpoint
CREATE INDEX "institution_invites_org_idx" ON "institution_invites" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "institution_members_user_idx" ON "institution_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "organization_revisions_org_idx" ON "organization_revisions" USING btree ("organization_id","valid_from");--> statement-breakpoint
CREATE INDEX "party_institution_moves_party_idx" ON "party_institution_moves" USING btree ("party_id","moved_at");--> statement-breakpoint
CREATE INDEX "visit_requests_user_idx" ON "visit_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "donations_donor_email_idx" ON "donations" USING btree (lower("donor_email"));--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_cnpj_digits" CHECK ("organizations"."cnpj" ~ '^[0-9A-Z]{12}[0-9]{2}$');--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_custom_amount" CHECK (("subscriptions"."plan"::text = 'personalizado') = ("subscriptions"."custom_amount_cents" is not null) and ("subscriptions"."custom_amount_cents" is null or "subscriptions"."custom_amount_cents" between 1000 and 500000));--> statement-breakpoint
-- hand-written (keep on regeneration): branch operator, 0017_operator_party_institution_moves.sql
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
--> statement-breakpoint
-- hand-written (keep on regeneration): branch money, 0017_money_labels_and_rules.sql
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
--> statement-breakpoint
-- hand-written (keep on regeneration): branch ops, 0017_ops_creator_emails.sql
ALTER TABLE "parties" ADD CONSTRAINT "parties_creator_emails_mode" CHECK ("creator_emails" IN ('cada', 'resumo', 'nenhum'));
