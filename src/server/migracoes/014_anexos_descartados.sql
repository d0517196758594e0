-- Attachments let go (issue 15): an orphan the sweep has claimed, or a personal-data attachment whose form's
-- retention period ended, is marked descartado. The sweep deletes its bytes from the storage first and its row
-- after, so a process stopped half way leaves a marked row that the next sweep finishes, never bytes that no
-- row points to (with S3, bytes nobody could find again). A marked upload can no longer be used by a submission.
alter table anexo add column descartado_em timestamptz;
