CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"party_id" uuid,
	"user_id" text,
	"year" integer,
	"announced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificates_code_unique" UNIQUE("code"),
	CONSTRAINT "certificates_party_id_unique" UNIQUE("party_id"),
	CONSTRAINT "certificates_user_year" UNIQUE("user_id","year"),
	CONSTRAINT "certificates_one_kind" CHECK (("certificates"."party_id" is null) <> ("certificates"."user_id" is null and "certificates"."year" is null))
);
--> statement-breakpoint
CREATE TABLE "email_unsubscribes" (
	"email" text NOT NULL,
	"list" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_unsubscribes_email_list_pk" PRIMARY KEY("email","list")
);
--> statement-breakpoint
CREATE TABLE "impact_units" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"singular" text NOT NULL,
	"plural" text NOT NULL,
	"cost_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "impact_units_cost_positive" CHECK ("impact_units"."cost_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "impact_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"month" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "party_thank_yous" (
	"party_id" uuid PRIMARY KEY NOT NULL,
	"message" text NOT NULL,
	"recipients" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "wants_party_news" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impact_units" ADD CONSTRAINT "impact_units_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impact_updates" ADD CONSTRAINT "impact_updates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "party_thank_yous" ADD CONSTRAINT "party_thank_yous_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "impact_units_organization_idx" ON "impact_units" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "impact_updates_month_idx" ON "impact_updates" USING btree ("month","organization_id");