-- Rate-limit counters are written on every limited request, and a logged table makes each such
-- write wait for its own flush to disk (a second fsync per station scan, decision 024). A counter
-- lost in a database crash only forgives a few requests, so the table skips the write-ahead log.
ALTER TABLE "rate_limits" SET UNLOGGED;
