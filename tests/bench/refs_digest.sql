-- Every reference of an index as one line, in an order that does not depend on row ids:
-- file, position, kind, name and qualifier as written; the target's uid and file; confidence,
-- candidate count and the dropped flag. Two indexes of one tree resolved alike print the same
-- lines, whatever order they were written in (row ids follow the parser threads' completion).
--   sqlite3 -readonly A.db < tests/bench/refs_digest.sql > a.txt   (the kernel: 1.6 GB, ~1.5 min)
--   sqlite3 -readonly B.db < tests/bench/refs_digest.sql > b.txt; diff a.txt b.txt
SELECT f.path, r.line, r.col, r.kind, r.name, r.qualifier, coalesce(t.uid, ''),
       coalesce(tf.path, ''), r.confidence, r.candidates, r.dropped
FROM refs r
JOIN files f ON f.id = r.file_id
LEFT JOIN symbols t ON t.id = r.target_id
LEFT JOIN files tf ON tf.id = r.target_file_id
ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11;
