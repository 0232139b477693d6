-- AlterTable
ALTER TABLE "turns" ADD COLUMN     "waitingSince" TIMESTAMP(3);
