CREATE TABLE "impact_unit_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"unit_id" uuid,
	"singular" text NOT NULL,
	"plural" text NOT NULL,
	"cost_cents" integer NOT NULL,
	"status" "impact_update_status" DEFAULT 'pendente' NOT NULL,
	"submitted_by" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"review_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "impact_unit_proposals_cost_positive" CHECK ("impact_unit_proposals"."cost_cents" > 0),
	CONSTRAINT "impact_unit_proposals_reviewed" CHECK ("impact_unit_proposals"."status" = 'pendente' or "impact_unit_proposals"."reviewed_at" is not null),
	CONSTRAINT "impact_unit_proposals_refusal_reason" CHECK ("impact_unit_proposals"."status" <> 'recusada' or length(trim("impact_unit_proposals"."review_note")) > 0)
);
--> statement-breakpoint
ALTER TABLE "impact_unit_proposals" ADD CONSTRAINT "impact_unit_proposals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impact_unit_proposals" ADD CONSTRAINT "impact_unit_proposals_unit_id_impact_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."impact_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impact_unit_proposals" ADD CONSTRAINT "impact_unit_proposals_submitted_by_user_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impact_unit_proposals" ADD CONSTRAINT "impact_unit_proposals_reviewed_by_user_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "impact_unit_proposals_organization_idx" ON "impact_unit_proposals" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "impact_unit_proposals_pending_idx" ON "impact_unit_proposals" USING btree ("created_at") WHERE "impact_unit_proposals"."status" = 'pendente';