; Bash extraction queries (grammar: tree-sitter-bash 0.25; also used for sh, zsh, dash, ksh
; scripts and .bats files found by extension or shebang).
; Capture vocabulary: docs/captures.md. Everything in a shell script is public (no visibility).
; Sourced files (`source lib.sh`, `. "$DIR/lib.sh"`) make their functions visible:
; src/indexer/module_map.cpp resolves the statically knowable part of the path.

; ============================================================================================
; Definitions
; ============================================================================================

; --- functions: `name() { ... }`, `function name { ... }`, `function name() ( ... )`
(function_definition name: (word) @name) @definition.function

; --- variables set at the top level of the script: `NAME=value`, `readonly NAME=...`,
;     `export NAME=...`, `declare -A NAME=(...)` (a name assigned again is one more definition)
(program (variable_assignment name: (variable_name) @name) @definition.variable)
(program
  (declaration_command
    (variable_assignment name: (variable_name) @name)) @definition.variable)

; ============================================================================================
; References
; ============================================================================================

; --- `source file`, `. file`: the file's functions and variables become visible
(command
  name: (command_name (word) @_source)
  .
  argument: [(word) (string) (raw_string) (concatenation)] @module
  (#any-of? @_source "source" ".")) @reference.import

; --- commands: a function of the script (or of a sourced file), else an external program
(command
  name: (command_name (word) @name)
  (#not-any-of? @name "source" ".")
  (#not-match? @name "^[@{}]")) @reference.call

; --- variables read: `$NAME`, `${NAME}` (kept when NAME is a top-level variable)
(simple_expansion (variable_name) @name (#match? @name "^[A-Za-z_]")) @reference.read
(expansion (variable_name) @name (#match? @name "^[A-Za-z_]")) @reference.read

; ============================================================================================
; Complexity
; ============================================================================================
[(if_statement) (elif_clause) (while_statement) (for_statement) (c_style_for_statement)
 (case_item)] @branch
(list ["&&" "||"] @branch)
