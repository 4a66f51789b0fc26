CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"organization_id" uuid NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_slug_unique" UNIQUE("slug"),
	CONSTRAINT "campaigns_slug_format" CHECK ("campaigns"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "party_cohosts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"party_id" uuid NOT NULL,
	"user_id" text,
	"invited_email" text NOT NULL,
	"status" text DEFAULT 'invited' NOT NULL,
	"invited_by" text,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "party_cohosts_party_email_key" UNIQUE("party_id","invited_email"),
	CONSTRAINT "party_cohosts_party_user_key" UNIQUE("party_id","user_id"),
	CONSTRAINT "party_cohosts_status" CHECK ("party_cohosts"."status" in ('invited', 'accepted', 'revoked')),
	CONSTRAINT "party_cohosts_accepted_has_user" CHECK ("party_cohosts"."status" <> 'accepted' or ("party_cohosts"."user_id" is not null and "party_cohosts"."accepted_at" is not null)),
	CONSTRAINT "party_cohosts_revoked_at" CHECK ("party_cohosts"."status" <> 'revoked' or "party_cohosts"."revoked_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "parties" ADD COLUMN "campaign_id" uuid;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "party_cohosts" ADD CONSTRAINT "party_cohosts_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "party_cohosts" ADD CONSTRAINT "party_cohosts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "party_cohosts" ADD CONSTRAINT "party_cohosts_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "party_cohosts_user_idx" ON "party_cohosts" USING btree ("user_id","status");--> statement-breakpoint
ALTER TABLE "parties" ADD CONSTRAINT "parties_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parties_campaign_idx" ON "parties" USING btree ("campaign_id");