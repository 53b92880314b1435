-- Organising staff are people at the door too, and wear badges in the organisers' colour
-- (issue 20, decision 025). PostgreSQL adds an enum value in place; no row changes.
ALTER TYPE "public"."checkin_role" ADD VALUE 'organiser';
