-- pg_trgm is a trusted extension (PostgreSQL 13+); PGlite loads it from its contrib bundle (decision 041).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "fuzzy_text" text GENERATED ALWAYS AS (lower("content_items"."name" || ' ' || "content_items"."tag_text")) STORED;