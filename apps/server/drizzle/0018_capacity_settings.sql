-- Admissions to capacity (issue 17): places and the shares that project attendance, per role, kept
-- with the other settings. null reads as the defaults (packages/shared/src/capacity.ts).
ALTER TABLE "settings" ADD COLUMN "capacity" jsonb;
