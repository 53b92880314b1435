ALTER TABLE "email_outbox" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_user_idx" ON "email_outbox" USING btree ("user_id");--> statement-breakpoint
-- Written by hand: messages queued before this migration held their raw single-use link. Redact it
-- everywhere (a message still waiting gets a fresh link when it is sent) and tie each such message
-- to its account, so the worker can make that link.
UPDATE "email_outbox" SET
  "text_body" = regexp_replace("text_body", 'https?://[^[:space:]"<>]*/(verify-email\?token|reset-password\?oob_code)=[^[:space:]"<>&]*', '[link withheld: it is made when the message is sent]', 'g'),
  "html_body" = regexp_replace("html_body", 'https?://[^[:space:]"<>]*/(verify-email\?token|reset-password\?oob_code)=[^[:space:]"<>&]*', '[link withheld: it is made when the message is sent]', 'g')
WHERE "kind" IN ('email_verification', 'password_reset');--> statement-breakpoint
UPDATE "email_outbox" o SET "user_id" = u."id" FROM "users" u
WHERE o."kind" IN ('email_verification', 'password_reset') AND o."user_id" IS NULL AND u."email" = o."to_address";
