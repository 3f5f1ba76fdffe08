ALTER TABLE "social_identities" ADD COLUMN "opened_account" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Identities that opened their account before this column existed were written in the account's own transaction, so they share its creation time.
UPDATE "social_identities" SET "opened_account" = true FROM "users" WHERE "users"."id" = "social_identities"."user_id" AND "users"."created_at" = "social_identities"."created_at";
