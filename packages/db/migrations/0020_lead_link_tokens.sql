ALTER TABLE "leads" ADD COLUMN "link_token_hash" text;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_linkTokenHash_unique" UNIQUE("link_token_hash");