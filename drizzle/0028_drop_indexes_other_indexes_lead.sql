DROP INDEX "partners_user_idx";--> statement-breakpoint
DROP INDEX "milestones_challenge_id_idx";--> statement-breakpoint
DROP INDEX "todos_user_id_idx";