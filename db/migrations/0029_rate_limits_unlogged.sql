-- Rate-limit counters are not worth an fsync (docs/decisions/033-leads-under-load.md): an unlogged
-- table writes no WAL, so the statement that hits a request's limits commits without waiting for
-- the disk. After a crash of PostgreSQL the counters start again from zero; leads, keys and emails
-- stay in logged tables.
ALTER TABLE "rate_limits" SET UNLOGGED;
