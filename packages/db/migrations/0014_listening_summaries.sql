CREATE TABLE "listening_summaries" (
	"user_id" uuid NOT NULL,
	"time_zone" text NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"summary_version" bigint,
	"days" integer DEFAULT 0 NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"seconds" bigint DEFAULT 0 NOT NULL,
	"longest_seconds" integer DEFAULT 0 NOT NULL,
	"longest_run" integer DEFAULT 0 NOT NULL,
	"last_run" integer DEFAULT 0 NOT NULL,
	"last_day" date,
	CONSTRAINT "listening_summaries_user_id_time_zone_pk" PRIMARY KEY("user_id","time_zone")
);
--> statement-breakpoint
ALTER TABLE "listening_summaries" ADD CONSTRAINT "listening_summaries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;