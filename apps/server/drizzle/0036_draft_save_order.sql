-- The page that saved a draft last, and how many saves it had sent. A tab closing with a save out
-- sends its newest answers beside it; if the older request lands second, it must not undo the
-- newer answers. A save from another page (a second tab, another device) always applies.
ALTER TABLE "application_drafts" ADD COLUMN "client_tab" text;--> statement-breakpoint
ALTER TABLE "application_drafts" ADD COLUMN "client_seq" integer;
