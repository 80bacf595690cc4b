; Swift extraction queries (tree-sitter-swift 0.7). Capture vocabulary: docs/captures.md.
; Order matters: when two patterns capture the same node (or name node), the first one wins,
; so specific patterns (a func in a type body is a method) come before general ones.

; ---------------------------------------------------------------------------
; Type declarations: one node for class, actor, struct, enum and extension (its
; `declaration_kind`). An extension is no symbol: it is a scope whose members are members of
; the extended type, written outside it (like a Rust impl block).
; ---------------------------------------------------------------------------
(class_declaration
  declaration_kind: "extension"
  name: (user_type (type_identifier) @name .)) @scope

(class_declaration
  declaration_kind: "struct"
  name: (type_identifier) @name) @definition.struct
(class_declaration
  declaration_kind: "enum"
  name: (type_identifier) @name) @definition.enum
(class_declaration
  name: (type_identifier) @name) @definition.class

(protocol_declaration name: (type_identifier) @name) @definition.interface

(typealias_declaration name: (type_identifier) @name name: (_)? @type) @definition.type

; enum cases: `case a, b` defines each name (the name node is the definition); constants as
; visible as their enum
(enum_entry name: (simple_identifier) @name @definition.constant)

; ---------------------------------------------------------------------------
; Functions: in a type, extension or protocol body methods, elsewhere functions (local ones
; private). Initialisers are constructors named `init`. `@type`: the result type (this grammar
; build gives it, like the type of a parameter or the aliased type of a typealias, the field
; `name`: the second one).
; ---------------------------------------------------------------------------
(class_body (function_declaration name: (simple_identifier) @name name: (_)? @type) @definition.method)
(enum_class_body (function_declaration name: (simple_identifier) @name name: (_)? @type) @definition.method)
(protocol_function_declaration name: (simple_identifier) @name name: (_)? @type) @definition.method
(function_declaration name: (simple_identifier) @name name: (_)? @type) @definition.function

(init_declaration name: "init" @name) @definition.constructor

; ---------------------------------------------------------------------------
; Properties: in a type body (stored and computed) and in a protocol; at top level `let` is a
; constant and `var` a variable. Locals are not symbols. `@type`: the annotation (`: T`,
; `: T?`), else `@value` the initialiser (`= T()`, `= make()`).
; ---------------------------------------------------------------------------
[
  (class_body
    (property_declaration
      name: (pattern bound_identifier: (simple_identifier) @name)
      (type_annotation (_) @type)) @definition.property)
  (enum_class_body
    (property_declaration
      name: (pattern bound_identifier: (simple_identifier) @name)
      (type_annotation (_) @type)) @definition.property)
]
[
  (class_body
    (property_declaration
      name: (pattern bound_identifier: (simple_identifier) @name)
      value: (_) @value) @definition.property)
  (enum_class_body
    (property_declaration
      name: (pattern bound_identifier: (simple_identifier) @name)
      value: (_) @value) @definition.property)
]
(class_body
  (property_declaration name: (pattern bound_identifier: (simple_identifier) @name)) @definition.property)
(enum_class_body
  (property_declaration name: (pattern bound_identifier: (simple_identifier) @name)) @definition.property)
(protocol_property_declaration
  name: (pattern bound_identifier: (simple_identifier) @name)
  (type_annotation (_) @type)?) @definition.property

((source_file
  (property_declaration
    (value_binding_pattern) @_kw
    name: (pattern bound_identifier: (simple_identifier) @name)
    (type_annotation (_) @type)) @definition.constant)
  (#eq? @_kw "let"))
((source_file
  (property_declaration
    (value_binding_pattern) @_kw
    name: (pattern bound_identifier: (simple_identifier) @name)
    value: (_) @value) @definition.constant)
  (#eq? @_kw "let"))
((source_file
  (property_declaration
    (value_binding_pattern) @_kw
    name: (pattern bound_identifier: (simple_identifier) @name)) @definition.constant)
  (#eq? @_kw "let"))
(source_file
  (property_declaration
    name: (pattern bound_identifier: (simple_identifier) @name)
    (type_annotation (_) @type)) @definition.variable)
(source_file
  (property_declaration
    name: (pattern bound_identifier: (simple_identifier) @name)
    value: (_) @value) @definition.variable)
(source_file
  (property_declaration
    name: (pattern bound_identifier: (simple_identifier) @name)) @definition.variable)

; ---------------------------------------------------------------------------
; Local bindings: parameters and `let`/`var` locals with their declared types or initialisers
; ---------------------------------------------------------------------------
; parameters `x: T`, `_ y: T?`, `z: inout T`, closure parameters `{ (q: T) in .. }`
(parameter name: (simple_identifier) @name name: (_) @type) @binding
(lambda_parameter name: (simple_identifier) @name name: (_) @type) @binding
; `let x: T = ..`, `var x = T()`, `let x = make()`, `let x = a.b()`
(property_declaration
  name: (pattern bound_identifier: (simple_identifier) @name)
  (type_annotation (_) @type)) @binding
(property_declaration
  name: (pattern bound_identifier: (simple_identifier) @name)
  value: (_) @value) @binding

; ---------------------------------------------------------------------------
; Imports: `import Foundation`, `import MyLib` (a module: every public name of it)
; ---------------------------------------------------------------------------
(import_declaration (identifier) @module) @reference.import

; ---------------------------------------------------------------------------
; Inheritance. `class A: B, P` does not say whether B is a class or a protocol: the first
; inherited type of a class is its superclass (`extends`), the others are adopted protocols;
; every inherited type of a struct, enum or extension is adopted (`implements`; an extension's
; conformance is the extended type's); a protocol's are extended protocols.
; ---------------------------------------------------------------------------
((class_declaration
  declaration_kind: _ @_kind
  name: (type_identifier)
  .
  (inheritance_specifier inherits_from: (user_type (type_identifier) @name .)) @reference.extends)
  (#any-of? @_kind "class" "actor"))
((class_declaration
  declaration_kind: _ @_kind
  (inheritance_specifier)
  .
  (inheritance_specifier inherits_from: (user_type (type_identifier) @name .)) @reference.implements)
  (#any-of? @_kind "class" "actor"))
((class_declaration
  declaration_kind: _ @_kind
  (inheritance_specifier inherits_from: (user_type (type_identifier) @name .)) @reference.implements)
  (#any-of? @_kind "struct" "enum"))
(class_declaration
  declaration_kind: "extension"
  name: (user_type (type_identifier) @subject .)
  (inheritance_specifier inherits_from: (user_type (type_identifier) @name .)) @reference.implements)
(protocol_declaration
  (inheritance_specifier inherits_from: (user_type (type_identifier) @name .)) @reference.extends)

; ---------------------------------------------------------------------------
; Calls
; ---------------------------------------------------------------------------

; `f(x)`, `Book(title: ..)` (an initialiser call: a call to Book), `f { .. }`
(call_expression . (simple_identifier) @name) @reference.call

; calls on a receiver: `obj.m()`, `self.m()`, `super.m()`, `Type.m()`, `obj?.m()`
(call_expression
  .
  (navigation_expression
    target: (_) @qualifier
    suffix: (navigation_suffix suffix: (simple_identifier) @name))) @reference.call

; ---------------------------------------------------------------------------
; Type uses: every type name written (annotations, returns, parents, generics, casts)
; ---------------------------------------------------------------------------
((user_type (type_identifier) @name .) @reference.type)
((user_type (type_identifier) @name . (type_arguments)) @reference.type)

; ---------------------------------------------------------------------------
; Reads and writes of identifiers (kept when they bind to a top-level let/var)
; ---------------------------------------------------------------------------
([
  (value_argument value: (simple_identifier) @name)
  (additive_expression lhs: (simple_identifier) @name)
  (additive_expression rhs: (simple_identifier) @name)
  (multiplicative_expression lhs: (simple_identifier) @name)
  (multiplicative_expression rhs: (simple_identifier) @name)
  (comparison_expression lhs: (simple_identifier) @name)
  (comparison_expression rhs: (simple_identifier) @name)
  (equality_expression lhs: (simple_identifier) @name)
  (equality_expression rhs: (simple_identifier) @name)
  (property_declaration value: (simple_identifier) @name)
  (control_transfer_statement result: (simple_identifier) @name)
  (statements (simple_identifier) @name)
  (assignment result: (simple_identifier) @name)
] @reference.read)

(assignment target: (directly_assignable_expression (simple_identifier) @name) @reference.write)

; ---------------------------------------------------------------------------
; Decision points (cyclomatic complexity)
; ---------------------------------------------------------------------------
(if_statement) @branch
(guard_statement) @branch
(for_statement) @branch
(while_statement) @branch
(repeat_while_statement) @branch
(switch_entry (switch_pattern)) @branch
(catch_block) @branch
(ternary_expression) @branch
(conjunction_expression) @branch
(disjunction_expression) @branch
(nil_coalescing_expression) @branch
