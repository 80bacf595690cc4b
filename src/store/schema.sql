-- codegraph-mcp index schema. The one copy: compiled into the binary (schema_sql.h) and applied
-- to a new database. A database whose meta.schema_version differs is rebuilt, never misread.
-- Bump kSchemaVersion in include/codegraph/store/database.h whenever this file changes.
--
-- Lines are 1-based, columns 0-based bytes; paths relative to the repository root.

CREATE TABLE IF NOT EXISTS meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;

-- One row per indexed file (code or Markdown document).
CREATE TABLE IF NOT EXISTS files (
  id           INTEGER PRIMARY KEY,
  path         TEXT NOT NULL UNIQUE,
  language     TEXT NOT NULL,
  size         INTEGER NOT NULL,
  mtime_ns     INTEGER NOT NULL,
  hash         TEXT NOT NULL,            -- content hash (FNV-1a 64, hex)
  lines        INTEGER NOT NULL,
  is_test      INTEGER NOT NULL,
  package      TEXT NOT NULL DEFAULT '', -- Go/Java package clause
  parse_errors INTEGER NOT NULL DEFAULT 0,
  other_build  INTEGER NOT NULL DEFAULT 0  -- compiled only in another build (the language's rules decide:
                                           -- Go GOOS/GOARCH suffixes and build lines)
);

CREATE TABLE IF NOT EXISTS symbols (
  id             INTEGER PRIMARY KEY,
  file_id        INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  uid            TEXT NOT NULL UNIQUE,     -- <path>::<qualified name>::<kind>[#n]
  name           TEXT NOT NULL,
  qualified_name TEXT NOT NULL,
  kind           TEXT NOT NULL,
  start_line     INTEGER NOT NULL,
  start_col      INTEGER NOT NULL,
  end_line       INTEGER NOT NULL,
  end_col        INTEGER NOT NULL,
  signature      TEXT NOT NULL,
  visibility     TEXT NOT NULL,
  doc            TEXT NOT NULL,
  complexity     INTEGER NOT NULL,
  is_test        INTEGER NOT NULL,
  parent_id      INTEGER,                  -- enclosing symbol, NULL at top level
  type_expr      TEXT NOT NULL DEFAULT '', -- declared type of its value / result: "{T}" or a value
                                           -- chain ("NewT()", "{T}.field"); docs/captures.md
  params_min     INTEGER NOT NULL DEFAULT 0,   -- callables: the arguments a call must pass ...
  params_max     INTEGER NOT NULL DEFAULT 255, -- ... and may pass (255: any number, or not known)
  pagerank       REAL NOT NULL DEFAULT 0,  -- raw PageRank score, sums to 1 (analytics; warm start)
  centrality     REAL NOT NULL DEFAULT 0,  -- percentile rank of PageRank, [0,1] (analytics)
  community_id   INTEGER NOT NULL DEFAULT 0, -- communities.id, 0 = none yet (analytics)
  complexity_rank REAL NOT NULL DEFAULT 0  -- percentile of complexity among callables (analytics)
);
-- Definitions by name, most central first: `symbols` reads a name's first `limit` in this order
-- and stops, where sorting all of them (5,612 fields named `flags` in the kernel) cost 50 ms.
-- The kind is in the entry so that a read of some kinds only (the resolver's variables and
-- constants for a read or write) skips the others without reading their rows; the id before it keeps the order `ORDER BY centrality DESC, id` reads in, so such a read
-- still stops at its limit. Replaces symbols_by_name(name) and symbols_by_name_rank(name,
-- centrality) of older indexes.
DROP INDEX IF EXISTS symbols_by_name;
DROP INDEX IF EXISTS symbols_by_name_rank;
CREATE INDEX IF NOT EXISTS symbols_by_name_kind ON symbols(name, centrality DESC, id, kind);
-- did-you-mean suggestions compare names case-insensitively (SqliteIndex::similarNames)
CREATE INDEX IF NOT EXISTS symbols_by_name_nocase ON symbols(name COLLATE NOCASE);
CREATE INDEX IF NOT EXISTS symbols_by_qualified ON symbols(qualified_name);
CREATE INDEX IF NOT EXISTS symbols_by_file ON symbols(file_id, start_line);
CREATE INDEX IF NOT EXISTS symbols_by_parent ON symbols(parent_id);
-- The most central symbols first: outline of the project reads the first 2,000 in this order
-- and stops, where sorting all of them (the kernel's 4.2 million) cost 6 s.
CREATE INDEX IF NOT EXISTS symbols_by_centrality ON symbols(centrality DESC);

-- References, resolved (target_id set) or not. `contains` rows are written from nesting.
CREATE TABLE IF NOT EXISTS refs (
  id             INTEGER PRIMARY KEY,
  file_id        INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  source_id      INTEGER,                  -- enclosing symbol; NULL = the file's top level
  kind           TEXT NOT NULL,            -- calls, imports, extends, implements, uses, accesses, assigns, contains
  name           TEXT NOT NULL,            -- last segment as written
  qualifier      TEXT NOT NULL DEFAULT '',
  module         TEXT NOT NULL DEFAULT '', -- imports: module as written
  alias          TEXT NOT NULL DEFAULT '', -- imports: local binding
  receiver       TEXT NOT NULL DEFAULT '', -- calls on a local value: the receiver's type expression
  arity          INTEGER NOT NULL DEFAULT -1, -- calls: the arguments written (-1: not known, a spread)
  line           INTEGER NOT NULL,
  col            INTEGER NOT NULL,
  target_id      INTEGER,                  -- resolved symbol; NULL = unresolved
  target_file_id INTEGER,                  -- imports: the module's file when known
  confidence     REAL NOT NULL DEFAULT 0,
  candidates     INTEGER NOT NULL DEFAULT 0, -- unresolved: definitions with this name
  dropped        INTEGER NOT NULL DEFAULT 0  -- a read/write that reaches no module-level variable:
                                             -- kept (not an edge) so a refresh can re-resolve it
);
-- Incoming references by kind. Carries source and file so that counting a symbol's distinct
-- callers (refCounts) reads this index alone: on the kernel, a hub's thousands of references
-- cost a table lookup each otherwise. Replaces refs_by_target(target_id, kind).
DROP INDEX IF EXISTS refs_by_target;
CREATE INDEX IF NOT EXISTS refs_to ON refs(target_id, kind, source_id, file_id);
CREATE INDEX IF NOT EXISTS refs_by_source ON refs(source_id, kind);
CREATE INDEX IF NOT EXISTS refs_by_file ON refs(file_id);
CREATE INDEX IF NOT EXISTS refs_by_name ON refs(name);
-- The unbound references that could name a repository definition (candidates > 0), by name:
-- a symbol's possible references (SqliteIndex::unboundNamed) read these alone, where reading
-- refs_by_name also read every bound reference of a busy name. The WHERE must stay the query's.
CREATE INDEX IF NOT EXISTS refs_unbound ON refs(name) WHERE target_id IS NULL AND dropped = 0 AND candidates > 0;
-- The same rows by the symbol they are made in (SqliteIndex::unboundFrom): a symbol's own
-- unbound references, read for every symbol of an outline, cost nothing when it has none.
CREATE INDEX IF NOT EXISTS refs_unbound_from ON refs(source_id) WHERE target_id IS NULL AND dropped = 0 AND candidates > 0;
-- Imports of a module file (IndexWriter::importersOf, run for every file a refresh changes).
CREATE INDEX IF NOT EXISTS refs_by_target_file ON refs(target_file_id) WHERE target_file_id IS NOT NULL;
-- The resolved symbol graph as the analytics read it (SqliteGraphSource::load), covering: reading
-- every edge scans only the resolved ones, and none of their text. The WHERE must stay the query's.
-- `dropped` is a column although the WHERE fixes it: SQLite counts an index as covering only when
-- it holds every column the query names, its WHERE's too. Without it (refs_edges, replaced) every
-- edge read looked up its table row: 8.6 million on the kernel, at each load of the graph.
DROP INDEX IF EXISTS refs_edges;
CREATE INDEX IF NOT EXISTS refs_graph_edges ON refs(source_id, target_id, kind, confidence, file_id, dropped)
  WHERE target_id IS NOT NULL AND source_id IS NOT NULL AND dropped = 0;

-- Go's structural `implements` edges (computed over the repository, module '<structural>'): a
-- refresh reads them to write only what changed.
CREATE INDEX IF NOT EXISTS refs_structural ON refs(source_id, target_id) WHERE module = '<structural>';
-- The declared bases of every type (embedding, inheritance), as Go's structural pass reads them
-- in one go (IndexWriter::declaredBases). The WHERE must stay the query's.
CREATE INDEX IF NOT EXISTS refs_bases ON refs(source_id, target_id)
  WHERE kind IN ('extends', 'implements') AND target_id IS NOT NULL AND module <> '<structural>';

-- Markdown documents and the code names they mention (linked by analytics).
CREATE TABLE IF NOT EXISTS documents (
  file_id INTEGER PRIMARY KEY REFERENCES files(id) ON DELETE CASCADE,
  title   TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS doc_mentions (
  file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  name    TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS doc_mentions_by_file ON doc_mentions(file_id);
CREATE INDEX IF NOT EXISTS doc_mentions_by_name ON doc_mentions(name);

-- Analytics results (src/graph). Written in one transaction per recomputation, so a reader
-- sees either the previous results or the new ones, never a mix.

-- Communities of the symbol graph. `uid` is stable across re-indexes while membership barely
-- changes; `label` is the dominant folder plus the most central members.
CREATE TABLE IF NOT EXISTS communities (
  id    INTEGER PRIMARY KEY,
  uid   TEXT NOT NULL UNIQUE,
  label TEXT NOT NULL,
  size  INTEGER NOT NULL
);

-- A Markdown document naming a symbol in inline code or a code block (docs/CONTRACT.md §4,
-- Documents: the linking rule).
CREATE TABLE IF NOT EXISTS doc_links (
  symbol_id   INTEGER NOT NULL REFERENCES symbols(id) ON DELETE CASCADE,
  doc_file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  PRIMARY KEY (symbol_id, doc_file_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS doc_links_by_doc ON doc_links(doc_file_id);

-- Git history per file (empty outside a git work tree): commits in the last 90 days, the last
-- commit time, and the most recent commits touching the file (up to 20).
CREATE TABLE IF NOT EXISTS file_history (
  file_id     INTEGER PRIMARY KEY REFERENCES files(id) ON DELETE CASCADE,
  commits_90d INTEGER NOT NULL,
  last_commit INTEGER NOT NULL             -- unix seconds, 0 = none
);
CREATE TABLE IF NOT EXISTS file_commits (
  file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  time    INTEGER NOT NULL,                -- unix seconds (committer date)
  hash    TEXT NOT NULL,
  subject TEXT NOT NULL,
  files   INTEGER NOT NULL DEFAULT 0       -- how many files the commit touched
);
CREATE INDEX IF NOT EXISTS file_commits_by_file ON file_commits(file_id, time DESC);

-- Full-text search over symbol names split into parts (camelCase, snake_case, digits).
-- rowid = symbols.id.
CREATE VIRTUAL TABLE IF NOT EXISTS symbols_fts USING fts5(
  name_parts, qualified_parts, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
