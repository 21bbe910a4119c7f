ALTER TABLE "milestones" ADD COLUMN "todos_claim_id" uuid;--> statement-breakpoint
ALTER TABLE "milestones" ADD COLUMN "todos_claimed_at" timestamp with time zone;