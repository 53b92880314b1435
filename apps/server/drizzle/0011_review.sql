-- Review at scale: the reviewer role, reviews, skips and holds, the review counters on each
-- application (the queue's partial index reads only those still short of reviews) and the review
-- settings (null reads as the defaults in @lanyard/shared/review).
CREATE TYPE "public"."review_flag" AS ENUM('spam', 'plagiarised', 'duplicate', 'not_eligible');--> statement-breakpoint
CREATE TYPE "public"."review_skip_reason" AS ENUM('conflict', 'not_comfortable');--> statement-breakpoint
ALTER TYPE "public"."user_role" ADD VALUE 'reviewer';--> statement-breakpoint
CREATE TABLE "review_holds" (
	"application_id" uuid NOT NULL,
	"reviewer_id" uuid NOT NULL,
	"held_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "review_holds_application_id_reviewer_id_pk" PRIMARY KEY("application_id","reviewer_id")
);
--> statement-breakpoint
CREATE TABLE "review_skips" (
	"application_id" uuid NOT NULL,
	"reviewer_id" uuid NOT NULL,
	"reason" "review_skip_reason" NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_skips_application_id_reviewer_id_pk" PRIMARY KEY("application_id","reviewer_id")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"reviewer_id" uuid,
	"role" "applicant_role" NOT NULL,
	"scores" jsonb NOT NULL,
	"total" double precision NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"flag" "review_flag",
	"flag_reason" text DEFAULT '' NOT NULL,
	"duration_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "review_count" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "review_disputed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "review_flagged" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "review_score_raw" double precision;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "review_complete" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "review" jsonb;--> statement-breakpoint
ALTER TABLE "review_holds" ADD CONSTRAINT "review_holds_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_holds" ADD CONSTRAINT "review_holds_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_skips" ADD CONSTRAINT "review_skips_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_skips" ADD CONSTRAINT "review_skips_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_holds_reviewer_idx" ON "review_holds" USING btree ("reviewer_id","expires_at");--> statement-breakpoint
CREATE INDEX "review_skips_reviewer_idx" ON "review_skips" USING btree ("reviewer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_application_reviewer_key" ON "reviews" USING btree ("application_id","reviewer_id");--> statement-breakpoint
CREATE INDEX "reviews_reviewer_idx" ON "reviews" USING btree ("reviewer_id","updated_at");--> statement-breakpoint
CREATE INDEX "reviews_role_idx" ON "reviews" USING btree ("role","reviewer_id");--> statement-breakpoint
CREATE INDEX "applications_review_queue_idx" ON "applications" USING btree ("submitted_at","id") WHERE "applications"."status" = 'submitted' and not "applications"."review_complete";