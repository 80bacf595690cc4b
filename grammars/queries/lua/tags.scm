; Lua extraction queries (grammar: @tree-sitter-grammars/tree-sitter-lua 0.4).
; Capture vocabulary: docs/captures.md. When two patterns capture the same node, the pattern
; that comes first in this file wins, so specific patterns precede the general ones.
; Tables as modules: the table a file returns (`local M = {} ... return M`) is a module, and
; `function M.f()` / `function M:m()` / `M.f = function` define its members (M is their
; @container). Visibility: `local` functions and variables are private to the file (the Lua
; rule in src/lang/visibility.cpp), everything else is public.

; ============================================================================================
; Definitions
; ============================================================================================

; --- the module table: `local M = {}` (or `M = {}`) at the top of a file that ends `return M`
(chunk
  (variable_declaration
    (assignment_statement
      (variable_list . name: (identifier) @name)
      (expression_list . value: (table_constructor)))) @definition.module
  (return_statement (expression_list . (identifier) @_returned))
  (#eq? @name @_returned))
(chunk
  (assignment_statement
    (variable_list . name: (identifier) @name)
    (expression_list . value: (table_constructor))) @definition.module
  (return_statement (expression_list . (identifier) @_returned))
  (#eq? @name @_returned))

; --- methods: `function T:m()` (an implicit `self`)
(function_declaration
  name: (method_index_expression
    table: (_) @container
    method: (identifier) @name)) @definition.method

; --- functions of a table: `function M.f()`, `function a.b.f()`
(function_declaration
  name: (dot_index_expression
    table: (_) @container
    field: (identifier) @name)) @definition.function

; --- functions: `function f()`, `local function f()`
(function_declaration name: (identifier) @name) @definition.function

; --- functions assigned: `local f = function() end`, `f = function`, `M.f = function`
(variable_declaration
  (assignment_statement
    (variable_list . name: (identifier) @name)
    (expression_list . value: (function_definition body: (_)? @body)))) @definition.function
(assignment_statement
  (variable_list . name: (identifier) @name)
  (expression_list . value: (function_definition body: (_)? @body))) @definition.function
(assignment_statement
  (variable_list . name: (dot_index_expression table: (_) @container field: (identifier) @name))
  (expression_list . value: (function_definition body: (_)? @body))) @definition.function

; --- functions in a table constructor: `return { f = function() end }`
(field
  name: (identifier) @name
  value: (function_definition body: (_)? @body)) @definition.function

; --- file-level variables: `local x = 1`, `local a, b`, `X = 1` directly in the file (each
;     name is a definition of its own; a one-name statement is the definition). A local bound
;     to a `require` is an import alias, not a variable.
(chunk
  (variable_declaration
    (assignment_statement
      (variable_list . name: (identifier) @name .)
      (expression_list . value: (_) @_value))) @definition.variable
  (#not-match? @_value "^require\\b"))
(chunk
  (assignment_statement
    (variable_list . name: (identifier) @name .)
    (expression_list . value: (_) @_value)) @definition.variable
  (#not-match? @_value "^require\\b"))
(chunk
  (variable_declaration
    (variable_list name: (identifier) @name @definition.variable)))
(chunk
  (variable_declaration
    (assignment_statement
      (variable_list name: (identifier) @name @definition.variable)
      (expression_list . value: (_) @_value)))
  (#not-match? @_value "^require\\b"))
(chunk
  (assignment_statement
    (variable_list name: (identifier) @name @definition.variable)
    (expression_list . value: (_) @_value))
  (#not-match? @_value "^require\\b"))

; ============================================================================================
; Local bindings: `local x = T.new()`, `local x = make()`, `local x = a.b` (the first name takes
; the first value; a constructor is an ordinary function, so `T.new()` is T's member new and its
; result); the parameters and the other names of the declaration type nothing
; ============================================================================================
; `local self = setmetatable({}, T)` (the constructor idiom): an instance of T
((variable_declaration
   (assignment_statement
     (variable_list . name: (identifier) @name)
     (expression_list . value: (function_call
       name: (identifier) @_setmetatable
       arguments: (arguments . (_) . (identifier) @type))))) @binding
 (#eq? @_setmetatable "setmetatable"))
; (not `local m = require("a.b")`: m names the module, as the import says)
((variable_declaration
   (assignment_statement
     (variable_list . name: (identifier) @name)
     (expression_list . value: (_) @value))) @binding
 (#not-match? @value "^require\\b"))
(variable_declaration
  (assignment_statement
    (variable_list (identifier) (identifier) @name))) @binding
(variable_declaration
  (variable_list name: (identifier) @name)) @binding
(parameters (identifier) @name) @binding

; ============================================================================================
; References
; ============================================================================================

; --- `local m = require("a.b")` binds m to the module a.b (a/b.lua, a/b/init.lua)
(variable_declaration
  (assignment_statement
    (variable_list . name: (identifier) @alias)
    (expression_list
      . value: (function_call
        name: (identifier) @_require
        arguments: (arguments (string content: (string_content) @module)))))
  (#eq? @_require "require")) @reference.import
; --- `require "a.b"` as a statement (the module's effects and globals)
(chunk
  (function_call
    name: (identifier) @_require
    arguments: (arguments (string content: (string_content) @module))) @reference.import
  (#eq? @_require "require"))
(block
  (function_call
    name: (identifier) @_require
    arguments: (arguments (string content: (string_content) @module))) @reference.import
  (#eq? @_require "require"))

; --- calls: `f()`, `M.f()`, `obj:m()`, `self:m()`, `f "x"`, `f {…}`
(function_call
  name: (identifier) @name
  (#not-eq? @name "require")) @reference.call
(function_call
  name: (dot_index_expression table: (_) @qualifier field: (identifier) @name)) @reference.call
(function_call
  name: (method_index_expression table: (_) @qualifier method: (identifier) @name)) @reference.call

; ============================================================================================
; Complexity
; ============================================================================================
[(if_statement) (elseif_statement) (while_statement) (repeat_statement) (for_statement)] @branch
(binary_expression operator: ["and" "or"] @branch)
