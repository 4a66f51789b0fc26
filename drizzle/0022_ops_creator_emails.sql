CREATE TABLE "creator_email_notices" (
	"party_id" uuid PRIMARY KEY NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "parties" ADD COLUMN "creator_emails" text DEFAULT 'resumo' NOT NULL;--> statement-breakpoint
ALTER TABLE "creator_email_notices" ADD CONSTRAINT "creator_email_notices_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- hand-written (keep on regeneration)
ALTER TABLE "parties" ADD CONSTRAINT "parties_creator_emails_mode" CHECK ("creator_emails" IN ('cada', 'resumo', 'nenhum'));
