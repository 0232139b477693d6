-- AlterTable
ALTER TABLE "flow_step_runs" ADD COLUMN     "input" JSONB;
