-- Request counters are written on every limited request and matter for one window only: an
-- unlogged table writes no WAL for them, so a count commits without a WAL flush and a busy key's
-- row is not held through one. After a crash PostgreSQL empties the table, and every key starts a
-- fresh window (docs/decisions.md, "Rate limits"). Prisma's schema cannot express this.
ALTER TABLE "rate_limits" SET UNLOGGED;
