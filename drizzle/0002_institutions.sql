CREATE TYPE "public"."pix_key_type" AS ENUM('cpf', 'cnpj', 'email', 'telefone', 'aleatoria');--> statement-breakpoint
ALTER TABLE "causes" ADD COLUMN "impact_lines" jsonb;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "cnpj" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "logo_url" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "site_url" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "pix_key_type" "pix_key_type";--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "pix_key" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "verified_by" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "verification_note" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_verified_by_user_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_cnpj_unique" UNIQUE("cnpj");--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_cnpj_digits" CHECK ("organizations"."cnpj" ~ '^[0-9]{14}$');--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_pix_key_pair" CHECK (("organizations"."pix_key" is null) = ("organizations"."pix_key_type" is null));