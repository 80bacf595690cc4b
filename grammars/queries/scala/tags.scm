; Scala extraction queries (tree-sitter-scala 0.24; Scala 2 and 3). Capture vocabulary:
; docs/captures.md. Order matters: when two patterns capture the same node (or name node), the
; first one wins, so specific patterns (a def in a template body is a method) come first.

; ---------------------------------------------------------------------------
; Package clause: `package a.b` (of chained clauses `package a` / `package b`, the first)
; ---------------------------------------------------------------------------
(package_clause name: (package_identifier) @name) @package

; ---------------------------------------------------------------------------
; Type declarations. An `object` is a module: a singleton whose members are static, beside
; the class or trait of the same name (its companion), which stays the type.
; ---------------------------------------------------------------------------
(class_definition name: (_) @name) @definition.class
(trait_definition name: (_) @name) @definition.trait
(object_definition name: (_) @name) @definition.module
(enum_definition name: (_) @name) @definition.enum

; `type Books = List[Book]`, abstract type members
(type_definition name: (type_identifier) @name) @definition.type

; Scala 3 enum cases: constants as visible as their enum
(enum_case_definitions (simple_enum_case name: (_) @name) @definition.constant)
(enum_case_definitions (full_enum_case name: (_) @name) @definition.constant)

; ---------------------------------------------------------------------------
; Functions: in a class, trait or object body methods, elsewhere functions (top-level in
; Scala 3; local ones are private)
; ---------------------------------------------------------------------------
(template_body (function_definition name: (_) @name return_type: [(type_identifier) (generic_type) (stable_type_identifier)]? @type) @definition.method)
(template_body (function_declaration name: (_) @name return_type: [(type_identifier) (generic_type) (stable_type_identifier)]? @type) @definition.method)
(function_definition name: (_) @name return_type: [(type_identifier) (generic_type) (stable_type_identifier)]? @type) @definition.function
(function_declaration name: (_) @name return_type: [(type_identifier) (generic_type) (stable_type_identifier)]? @type) @definition.function

; ---------------------------------------------------------------------------
; Values. In an object: module-level constants (`val`) and variables (`var`); in a class or
; trait: fields; top level (Scala 3): constants and variables. Locals are not symbols.
; `val a, b = 1` defines each name.
; ---------------------------------------------------------------------------
(object_definition body: (template_body
  (val_definition pattern: (identifier) @name type: [(type_identifier) (generic_type) (stable_type_identifier)]? @type value: [(call_expression) (field_expression) (identifier) (instance_expression) (parenthesized_expression) (generic_function)]? @value) @definition.constant))
(object_definition body: (template_body
  (val_definition pattern: (identifiers (identifier) @name) type: [(type_identifier) (generic_type) (stable_type_identifier)]? @type) @definition.constant))
(object_definition body: (template_body
  (var_definition pattern: (identifier) @name type: [(type_identifier) (generic_type) (stable_type_identifier)]? @type value: [(call_expression) (field_expression) (identifier) (instance_expression) (parenthesized_expression) (generic_function)]? @value) @definition.variable))
(template_body (val_definition pattern: (identifier) @name type: [(type_identifier) (generic_type) (stable_type_identifier)]? @type value: [(call_expression) (field_expression) (identifier) (instance_expression) (parenthesized_expression) (generic_function)]? @value) @definition.field)
(template_body (val_definition pattern: (identifiers (identifier) @name) type: [(type_identifier) (generic_type) (stable_type_identifier)]? @type) @definition.field)
(template_body (var_definition pattern: (identifier) @name type: [(type_identifier) (generic_type) (stable_type_identifier)]? @type value: [(call_expression) (field_expression) (identifier) (instance_expression) (parenthesized_expression) (generic_function)]? @value) @definition.field)
(template_body (val_declaration name: (_) @name type: [(type_identifier) (generic_type) (stable_type_identifier)]? @type) @definition.field)
(template_body (var_declaration name: (_) @name type: [(type_identifier) (generic_type) (stable_type_identifier)]? @type) @definition.field)
(compilation_unit (val_definition pattern: (identifier) @name type: [(type_identifier) (generic_type) (stable_type_identifier)]? @type value: [(call_expression) (field_expression) (identifier) (instance_expression) (parenthesized_expression) (generic_function)]? @value) @definition.constant)
(compilation_unit (var_definition pattern: (identifier) @name type: [(type_identifier) (generic_type) (stable_type_identifier)]? @type value: [(call_expression) (field_expression) (identifier) (instance_expression) (parenthesized_expression) (generic_function)]? @value) @definition.variable)

; constructor parameters that are fields: `val`/`var` ones, and every parameter of a case class
(class_parameter ["val" "var"] name: (_) @name type: [(type_identifier) (generic_type) (stable_type_identifier)]? @type) @definition.field
(class_definition
  "case"
  class_parameters: (class_parameters (class_parameter name: (_) @name type: [(type_identifier) (generic_type) (stable_type_identifier)]? @type) @definition.field))

; ---------------------------------------------------------------------------
; Local bindings: the declared types of parameters and locals, so that `p.m()` binds through
; p's type (docs/captures.md, "Receiver types"). A `val`/`var` without a type takes its
; initialiser when that is a chain (`new Foo()`, `Foo(..)`, `make()`, `a.b`, `x`).
; (Members are definitions above: their name nodes are taken there.)
; ---------------------------------------------------------------------------

; parameters of methods, constructors and lambdas (`p: Helper`, `(h: Helper) => ..`)
(parameter name: (identifier) @name type: [(type_identifier) (generic_type) (stable_type_identifier)] @type) @binding
(class_parameter name: (identifier) @name type: [(type_identifier) (generic_type) (stable_type_identifier)] @type) @binding
(binding name: (identifier) @name type: [(type_identifier) (generic_type) (stable_type_identifier)] @type) @binding
; locals `val x: Helper = ..`, `val x = new Helper()`
(val_definition pattern: (identifier) @name type: [(type_identifier) (generic_type) (stable_type_identifier)] @type) @binding
(var_definition pattern: (identifier) @name type: [(type_identifier) (generic_type) (stable_type_identifier)] @type) @binding
(val_definition pattern: (identifier) @name !type value: [(call_expression) (field_expression) (identifier) (instance_expression) (parenthesized_expression) (generic_function)] @value) @binding
(var_definition pattern: (identifier) @name !type value: [(call_expression) (field_expression) (identifier) (instance_expression) (parenthesized_expression) (generic_function)] @value) @binding
; typed patterns `case h: Helper =>` (also in `catch`)
(typed_pattern pattern: (identifier) @name type: [(type_identifier) (generic_type) (stable_type_identifier)] @type) @binding

; ---------------------------------------------------------------------------
; Imports. The path `a.b.C` is a sequence of identifiers: @module on the first and the last
; (the module is the text between them).
; ---------------------------------------------------------------------------

; `import a.b.C` → module a.b.C, name C (`import C`: module C)
(import_declaration
  .
  (identifier) @module
  (identifier) @module @name
  .) @reference.import
(import_declaration
  .
  (identifier) @module @name
  .) @reference.import

; `import a.b.C as D` (Scala 3) → module a.b.C, name C, alias D
(import_declaration
  .
  (identifier) @module
  (identifier) @module @name
  .
  (as_renamed_identifier alias: (identifier) @alias)) @reference.import

; `import a.b._` / `import a.b.*` → module a.b, every name of it
(import_declaration
  .
  (identifier) @module
  (identifier) @module
  .
  (namespace_wildcard) @name) @reference.import

; `import a.b.{C, D => E}` → module a.b, names C and D (alias E)
(import_declaration
  .
  (identifier) @module
  (identifier) @module
  .
  (namespace_selectors
    [(identifier) @name
     (arrow_renamed_identifier name: (identifier) @name alias: (identifier) @alias)
     (as_renamed_identifier name: (identifier) @name alias: (identifier) @alias)])) @reference.import

; ---------------------------------------------------------------------------
; Inheritance: `extends A with B` / `extends A, B`. The first parent of a class or object is
; its superclass (a trait's first parent: an extended trait); the mixins after `with` are
; implemented traits.
; ---------------------------------------------------------------------------
(extends_clause
  .
  [(type_identifier) @name
   (generic_type type: (type_identifier) @name)
   (stable_type_identifier (type_identifier) @name .)]) @reference.extends
(extends_clause
  (_)
  [(type_identifier) @name
   (generic_type type: (type_identifier) @name)
   (stable_type_identifier (type_identifier) @name .)]) @reference.implements

; ---------------------------------------------------------------------------
; Calls
; ---------------------------------------------------------------------------

; `f(x)`, `f[T](x)`, `Book("x")` (a companion's apply: a call to Book)
(call_expression function: (identifier) @name) @reference.call
(call_expression function: (generic_function function: (identifier) @name)) @reference.call

; calls on a receiver: `obj.m()`, `this.m()`, `super.m()`, `Util.m()`, `a.b.m()`
(call_expression
  function: (field_expression value: (_) @qualifier field: (identifier) @name)) @reference.call
(call_expression
  function: (generic_function
    function: (field_expression value: (_) @qualifier field: (identifier) @name))) @reference.call

; parameterless method calls written without parentheses are field accesses: `b.netCents`
; (not captured: indistinguishable from a field read)

; `new Book(..)`: a call to Book
(instance_expression
  [(type_identifier) @name
   (generic_type type: (type_identifier) @name)
   (stable_type_identifier (type_identifier) @name .)]) @reference.call

; ---------------------------------------------------------------------------
; Type uses: type names in signatures, values, parents, generics, patterns
; ---------------------------------------------------------------------------
((type_identifier) @name @reference.type)

; ---------------------------------------------------------------------------
; Reads and writes of identifiers (kept when they bind to an object's or top-level value)
; ---------------------------------------------------------------------------
([
  (arguments (identifier) @name)
  (infix_expression right: (identifier) @name)
  (val_definition value: (identifier) @name)
  (var_definition value: (identifier) @name)
  (function_definition body: (identifier) @name)
  (assignment_expression right: (identifier) @name)
  (if_expression condition: (parenthesized_expression (identifier) @name))
  (match_expression value: (identifier) @name)
  (block (identifier) @name)
  (return_expression (identifier) @name)
] @reference.read)

; the left operand of an operator is read, of a compound assignment (`n += 1`) written
((infix_expression left: (identifier) @name operator: (_) @_op) @reference.read
  (#not-match? @_op "^([-+*/%&|^]|<<|>>>?)=$"))
((infix_expression left: (identifier) @name operator: (_) @_op) @reference.write
  (#match? @_op "^([-+*/%&|^]|<<|>>>?)=$"))
(assignment_expression left: (identifier) @name @reference.write)

; ---------------------------------------------------------------------------
; Decision points (cyclomatic complexity)
; ---------------------------------------------------------------------------
(if_expression) @branch
(while_expression) @branch
(do_while_expression) @branch
(for_expression) @branch
(case_clause) @branch
(catch_clause) @branch
(infix_expression operator: (operator_identifier) @branch (#any-of? @branch "&&" "||"))
