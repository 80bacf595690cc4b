; Ruby extraction queries (grammar: tree-sitter-ruby 0.23).
; Capture vocabulary: docs/captures.md. When two patterns capture the same node, the pattern
; that comes first in this file wins, so specific patterns precede the general ones.
; Names: `class A::B` is B in A (the prefix is the container); symbol-literal names (`:items`
; in `attr_reader :items`) lose their colon. Visibility (`private` sections, `private def`,
; `private :name`, `private_constant`) is decided by the Ruby rule in src/lang/visibility.cpp.

; ============================================================================================
; Definitions
; ============================================================================================

; --- constructors: `def initialize`
(method
  name: (identifier) @name
  (#eq? @name "initialize")) @definition.constructor

; --- singleton methods written at top level on a named class (`def Order.load`): the class
;     is the container. Inside a class body the range already nests them.
(program
  (singleton_method
    object: (constant) @container
    name: (_) @name) @definition.method)

; --- functions: `def f` at the top level of a file (a private method of Object in Ruby's
;     model, used as a free function)
(program (method name: (_) @name) @definition.function)

; --- methods: `def m`, `def self.m`, `def obj.m`, `def m = expr`, operators, setters
(singleton_method name: (_) @name) @definition.method
(method name: (_) @name) @definition.method

; --- aliases define a method under a new name: `alias new old`, `alias_method :new, :old`
(alias name: (_) @name) @definition.method
(call
  method: (identifier) @_alias
  arguments: (argument_list . [(simple_symbol) (string (string_content))] @name)
  (#eq? @_alias "alias_method")) @definition.method

; --- classes: `class A < B`, `class A::B`; `X = Struct.new(...)`, `X = Class.new(Base)`,
;     `X = Data.define(...)` assign a class to a constant
(class name: [(constant) (scope_resolution)] @name) @definition.class
(assignment
  left: [(constant) (scope_resolution)] @name
  right: (call
    receiver: (constant) @_factory
    method: (identifier) @_new)
  (#any-of? @_factory "Struct" "Class" "Data")
  (#any-of? @_new "new" "define")) @definition.class

; --- modules
(module name: [(constant) (scope_resolution)] @name) @definition.module

; --- constants: `NAME = value`, `Outer::NAME = value` (`A, B = 1, 2` too)
(assignment left: [(constant) (scope_resolution)] @name) @definition.constant
(assignment left: (left_assignment_list (constant) @name @definition.constant))
(operator_assignment left: (constant) @name) @definition.constant

; --- accessors: each name of `attr_reader :a, :b` / `attr_writer` / `attr_accessor` / `attr`
(call
  method: (identifier) @_attr
  arguments: (argument_list [(simple_symbol) (string (string_content))] @name @definition.property)
  (#any-of? @_attr "attr_reader" "attr_writer" "attr_accessor" "attr"))

; ============================================================================================
; Local bindings: `x = Foo.new`, `x = make(..)` (the last assignment before a call counts)
; ============================================================================================
;   `x = Foo.new(..)`, `x = A::Foo.new`: an instance of the class written
((assignment
   left: (identifier) @name
   right: (call receiver: [(constant) (scope_resolution)] @type method: (identifier) @_new)) @binding
 (#eq? @_new "new"))
;   any other initialiser: a chain (`Foo.build`, `make(..)`, `a.b`); a call written without
;   parentheses reads as a member (`Foo.build` is Foo's member build, not its result)
(assignment left: (identifier) @name right: (_) @value) @binding

; ============================================================================================
; References
; ============================================================================================

; --- requires: `require "a/b"`, `require_relative "../x"`, `load "x.rb"`: every top-level name
;     of the file becomes visible (src/indexer/module_map.cpp resolves the path)
(call
  method: (identifier) @_require
  arguments: (argument_list . (string (string_content) @module))
  (#any-of? @_require "require" "require_relative" "load" "autoload")) @reference.import
(call
  method: (identifier) @_autoload
  arguments: (argument_list . (simple_symbol) (string (string_content) @module))
  (#eq? @_autoload "autoload")) @reference.import

; --- inheritance: `class A < B`
(class
  superclass: (superclass [(constant) (scope_resolution)] @name)) @reference.extends

; --- mixins: `include M`, `extend M`, `prepend M` (each module named)
(call
  method: (identifier) @_mixin
  arguments: (argument_list [(constant) (scope_resolution)] @name)
  (#any-of? @_mixin "include" "extend" "prepend")) @reference.implements

; --- `Foo.new(...)` constructs a Foo: a call of the class
(call
  receiver: [(constant) (scope_resolution)] @name
  method: (identifier) @_new
  (#eq? @_new "new")) @reference.call

; --- calls: `f(x)`, `f x`, `obj.m`, `Mod::f`, `self.m`, `super`
(call
  receiver: (_)? @qualifier
  method: [(identifier) (constant)] @name
  (#not-any-of? @name "new" "require" "require_relative" "load" "autoload" "include" "extend"
    "prepend" "attr_reader" "attr_writer" "attr_accessor" "attr" "private" "protected" "public"
    "module_function" "private_constant" "private_class_method" "public_class_method"
    "alias_method")) @reference.call

; --- a bare name on a statement of its own is a call without arguments (`recalc`), except a
;     method body's last statement, which is usually a local variable returned
(body_statement
  (identifier) @name @reference.call
  .
  (_)
  (#not-any-of? @name "private" "protected" "public" "module_function"))
(program
  (identifier) @name @reference.call
  (#not-any-of? @name "private" "protected" "public" "module_function"))

; --- exception classes rescued are types used
(rescue
  exceptions: (exceptions [(constant) (scope_resolution)] @name)) @reference.type

; --- constants read (kept when they resolve to a module-level constant)
(constant) @name @reference.read

; ============================================================================================
; Complexity
; ============================================================================================
[(if) (elsif) (unless) (while) (until) (for) (when) (in_clause) (rescue) (conditional)
 (if_modifier) (unless_modifier) (while_modifier) (until_modifier) (rescue_modifier)] @branch
(binary operator: ["&&" "||" "and" "or"] @branch)
