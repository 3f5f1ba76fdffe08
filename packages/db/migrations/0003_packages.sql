CREATE TABLE "packages" (
	"id" integer PRIMARY KEY NOT NULL,
	"months" integer NOT NULL,
	"provider" text NOT NULL,
	"currency" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"is_lifetime" boolean DEFAULT false NOT NULL,
	"is_free_trial" boolean DEFAULT false NOT NULL,
	"trial_days" integer DEFAULT 0 NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"placements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"platform" text DEFAULT 'web' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkout_packages" (
	"checkout_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "checkout_packages_checkout_id_package_id_pk" PRIMARY KEY("checkout_id","package_id")
);
--> statement-breakpoint
CREATE TABLE "checkouts" (
	"id" integer PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"theme" text DEFAULT 'default' NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_packages" ADD CONSTRAINT "checkout_packages_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_packages" ADD CONSTRAINT "checkout_packages_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;