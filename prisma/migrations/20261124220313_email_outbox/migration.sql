-- AlterTable
ALTER TABLE "Email" ADD COLUMN     "content" TEXT,
ADD COLUMN     "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- CreateIndex
CREATE INDEX "Email_status_nextAttemptAt_idx" ON "Email"("status", "nextAttemptAt");

-- Added by hand: bodies of e-mails still waiting for SMTP moved from the data of their pg-boss
-- deliver-email jobs (where they were kept sealed) to their rows. pg-boss creates its schema at the
-- first start, so a new database has none yet.
DO $$
BEGIN
  IF to_regclass('pgboss.job') IS NOT NULL THEN
    UPDATE "Email" e
       SET "content" = j.data #>> '{payload,content}'
      FROM pgboss.job j
     WHERE j.name = 'deliver-email'
       AND j.data -> 'payload' ->> 'emailId' = e."id"
       AND j.data #> '{payload,content}' IS NOT NULL
       AND e."status" = 'queued'
       AND e."content" IS NULL;
  END IF;
END $$;
