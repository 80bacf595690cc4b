; Java extraction queries (tree-sitter-java 0.23). Capture vocabulary: docs/captures.md.
; Order matters: when two patterns capture the same node (or name node), the first one wins,
; so specific patterns (static final fields are constants) come before general ones.

; ---------------------------------------------------------------------------
; Package clause: `package com.example.app;`
; ---------------------------------------------------------------------------
(package_declaration [(identifier) (scoped_identifier)] @name) @package

; ---------------------------------------------------------------------------
; Type declarations. Records are classes, annotation types (`@interface`) interfaces.
; Visibility comes from the `modifiers` child; nesting (inner, local, anonymous-class
; members) comes from ranges.
; ---------------------------------------------------------------------------

; classes
(class_declaration
  (modifiers)? @modifiers
  name: (identifier) @name
  body: (class_body) @body) @definition.class

; interfaces
(interface_declaration
  (modifiers)? @modifiers
  name: (identifier) @name
  body: (interface_body) @body) @definition.interface

; enums
(enum_declaration
  (modifiers)? @modifiers
  name: (identifier) @name
  body: (enum_body) @body) @definition.enum

; records (`record Point(int x, int y) { .. }`)
(record_declaration
  (modifiers)? @modifiers
  name: (identifier) @name
  body: (class_body) @body) @definition.class

; annotation types (`@interface Retry { int times() default 3; }`)
(annotation_type_declaration
  (modifiers)? @modifiers
  name: (identifier) @name
  body: (annotation_type_body) @body) @definition.interface

; ---------------------------------------------------------------------------
; Members
; ---------------------------------------------------------------------------

; methods, in classes, interfaces (abstract, default, static), enums and anonymous classes
; (`@type`: the declared result type; an array `T[]` types nothing, `void` is left out)
(method_declaration
  (modifiers)? @modifiers
  type: [(type_identifier) (scoped_type_identifier) (generic_type) (integral_type) (floating_point_type) (boolean_type)]? @type
  name: (identifier) @name) @definition.method

; annotation type elements are methods of the annotation interface
(annotation_type_element_declaration
  (modifiers)? @modifiers
  type: [(type_identifier) (scoped_type_identifier) (generic_type) (integral_type) (floating_point_type) (boolean_type)]? @type
  name: (identifier) @name) @definition.method

; constructors, and compact record constructors (`record R(int x) { R { .. } }`)
(constructor_declaration
  (modifiers)? @modifiers
  name: (identifier) @name) @definition.constructor
(compact_constructor_declaration
  (modifiers)? @modifiers
  name: (identifier) @name) @definition.constructor

; enum constants: constants as visible as their enum (they are implicitly public static final)
(enum_declaration
  (modifiers)? @modifiers
  body: (enum_body
    (enum_constant name: (identifier) @name) @definition.constant))

; `static final` fields are constants. A declaration of one variable is the definition
; node itself (its signature shows type and modifiers); in `static final int A = 1, B = 2;`
; each declarator is a definition of its own.
; (The predicates sit outside the node pattern: a predicate after a trailing `.` anchor
; would cancel the "last child" anchor.)
((field_declaration
  (modifiers) @modifiers
  type: (_) @type
  .
  declarator: (variable_declarator name: (identifier) @name !dimensions)
  .) @definition.constant
  (#not-match? @type "\\]$")
  (#match? @modifiers "\\bstatic\\b")
  (#match? @modifiers "\\bfinal\\b"))
((field_declaration
  (modifiers) @modifiers
  type: [(type_identifier) (scoped_type_identifier) (generic_type) (integral_type) (floating_point_type) (boolean_type)] @type
  declarator: (variable_declarator name: (identifier) @name !dimensions) @definition.constant)
  (#match? @modifiers "\\bstatic\\b")
  (#match? @modifiers "\\bfinal\\b"))
((field_declaration
  (modifiers) @modifiers
  declarator: (variable_declarator name: (identifier) @name) @definition.constant)
  (#match? @modifiers "\\bstatic\\b")
  (#match? @modifiers "\\bfinal\\b"))

; interface fields are implicitly static final: constants
((constant_declaration
  type: (_) @type
  .
  declarator: (variable_declarator name: (identifier) @name !dimensions)
  .) @definition.constant
  (#not-match? @type "\\]$"))
(constant_declaration
  type: (_)
  .
  declarator: (variable_declarator name: (identifier) @name)
  .) @definition.constant
(constant_declaration
  (modifiers)? @modifiers
  type: [(type_identifier) (scoped_type_identifier) (generic_type) (integral_type) (floating_point_type) (boolean_type)] @type
  declarator: (variable_declarator name: (identifier) @name !dimensions) @definition.constant)
(constant_declaration
  (modifiers)? @modifiers
  declarator: (variable_declarator name: (identifier) @name) @definition.constant)

; all other fields (same one-declarator / several-declarators split)
((field_declaration
  type: (_) @type
  .
  declarator: (variable_declarator name: (identifier) @name !dimensions)
  .) @definition.field
  (#not-match? @type "\\]$"))
(field_declaration
  type: (_)
  .
  declarator: (variable_declarator name: (identifier) @name)
  .) @definition.field
(field_declaration
  (modifiers)? @modifiers
  type: [(type_identifier) (scoped_type_identifier) (generic_type) (integral_type) (floating_point_type) (boolean_type)] @type
  declarator: (variable_declarator name: (identifier) @name !dimensions) @definition.field)
(field_declaration
  (modifiers)? @modifiers
  declarator: (variable_declarator name: (identifier) @name) @definition.field)

; record components are the record's fields (exposed through public accessors, so they are
; as visible as the record)
(record_declaration
  (modifiers)? @modifiers
  parameters: (formal_parameters
    (formal_parameter type: [(type_identifier) (scoped_type_identifier) (generic_type) (integral_type) (floating_point_type) (boolean_type)] @type name: (identifier) @name !dimensions) @definition.field))
(record_declaration
  (modifiers)? @modifiers
  parameters: (formal_parameters
    (formal_parameter name: (identifier) @name) @definition.field))

; ---------------------------------------------------------------------------
; Local bindings: the declared types of parameters and locals, so that `p.m()` binds through
; p's type (docs/captures.md, "Receiver types"). Arrays (`T[]`, `T x[]`, `T... xs`) type
; nothing; a `var` local takes its initialiser (`var x = new T()`, `var y = make()`).
; ---------------------------------------------------------------------------

; parameters of methods, constructors and lambdas (`(Helper p)`, `(final Helper p)`)
((formal_parameter type: [(type_identifier) (scoped_type_identifier) (generic_type)] @type name: (identifier) @name !dimensions) @binding
  (#not-eq? @type "var"))
; locals (`Helper x = ..;`, `Helper a, b;`: one binding per name)
((local_variable_declaration
  type: [(type_identifier) (scoped_type_identifier) (generic_type)] @type
  declarator: (variable_declarator name: (identifier) @name !dimensions)) @binding
  (#not-eq? @type "var"))
; `var x = (T) o;`, then `var x = <chain>;` (`new T()`, `make()`, `a.b().c()`, `x`)
((local_variable_declaration
  type: (type_identifier) @_var
  declarator: (variable_declarator name: (identifier) @name
    value: (cast_expression type: [(type_identifier) (scoped_type_identifier) (generic_type)] @type))) @binding
  (#eq? @_var "var"))
((local_variable_declaration
  type: (type_identifier) @_var
  declarator: (variable_declarator name: (identifier) @name value: [(object_creation_expression) (method_invocation) (field_access) (identifier) (parenthesized_expression)] @value)) @binding
  (#eq? @_var "var"))
; `for (Helper e : items)`; `for (var e : items)` types nothing
((enhanced_for_statement type: [(type_identifier) (scoped_type_identifier) (generic_type)] @type name: (identifier) @name !dimensions) @binding
  (#not-eq? @type "var"))
; `catch (IOException e)` (a multi-catch `A | B e` types nothing)
(catch_formal_parameter
  (catch_type . [(type_identifier) (scoped_type_identifier)] @type .)
  name: (identifier) @name) @binding
; try-with-resources `try (Reader r = ..)`, `try (var r = new Reader())`
((resource type: [(type_identifier) (scoped_type_identifier) (generic_type)] @type name: (identifier) @name) @binding
  (#not-eq? @type "var"))
((resource type: (type_identifier) @_var name: (identifier) @name value: [(object_creation_expression) (method_invocation) (field_access) (identifier) (parenthesized_expression)] @value) @binding
  (#eq? @_var "var"))
; pattern matching `o instanceof Helper h`, `case Helper h ->`
(instanceof_expression right: [(type_identifier) (scoped_type_identifier) (generic_type)] @type name: (identifier) @name) @binding
(type_pattern [(type_identifier) (scoped_type_identifier) (generic_type)] @type . (identifier) @name) @binding

; ---------------------------------------------------------------------------
; Imports
; ---------------------------------------------------------------------------

; `import a.b.C;` and `import static a.b.C.m;` → module a.b.C (a.b.C.m), name C (m)
(import_declaration
  (scoped_identifier name: (identifier) @name) @module
  .) @reference.import

; `import a.b.*;` and `import static a.b.C.*;` → module a.b (a.b.C), name *
(import_declaration
  [(identifier) (scoped_identifier)] @module
  .
  (asterisk) @name) @reference.import

; ---------------------------------------------------------------------------
; Inheritance
; ---------------------------------------------------------------------------

; `class A extends B<T>`
(superclass [
  (type_identifier) @name
  (scoped_type_identifier) @name
  (generic_type [(type_identifier) (scoped_type_identifier)] @name)]) @reference.extends

; `interface I extends J, K`
(extends_interfaces (type_list [
  (type_identifier) @name
  (scoped_type_identifier) @name
  (generic_type [(type_identifier) (scoped_type_identifier)] @name)])) @reference.extends

; `class A implements I, J` (also enums and records)
(super_interfaces (type_list [
  (type_identifier) @name
  (scoped_type_identifier) @name
  (generic_type [(type_identifier) (scoped_type_identifier)] @name)])) @reference.implements

; ---------------------------------------------------------------------------
; Calls
; ---------------------------------------------------------------------------

; unqualified calls `f(x)`
(method_invocation
  !object
  name: (identifier) @name) @reference.call

; calls on a receiver: `obj.m()`, `this.m()`, `super.m()`, `Util.m()`, `a.b.m()`, and on a
; computed one (`a.b(x).c()`, `arr[i].m()`, `new X().m()`), whose qualifier is the receiver
; with its argument lists emptied (`a.b().c`, `new X().m`). A computed receiver must still be
; a qualifier: a call without one is `this.m()` in Java, so `new StringBuilder()...toString()`
; inside a class's own toString() would otherwise bind to itself.
(method_invocation
  object: (_) @qualifier
  name: (identifier) @name) @reference.call

; `this(...)` / `super(...)` in a constructor: the class's own / its base's constructor
(explicit_constructor_invocation constructor: [(this) (super)] @name) @reference.call

; constructor calls `new X()`, `new a.b.X<>()`, `outer.new Inner()`: a call to X
(object_creation_expression
  type: [
    (type_identifier) @name
    (scoped_type_identifier) @name
    (generic_type [(type_identifier) (scoped_type_identifier)] @name)]) @reference.call

; method references `Foo::bar`, `this::bar`, `list::add` (a named receiver)
(method_reference
  .
  (_) @qualifier
  .
  (identifier) @name
  (#match? @qualifier "^[A-Za-z_$][A-Za-z0-9_$.]*$")) @reference.call

; constructor references `Foo::new`: a call to Foo
(method_reference
  .
  [(identifier) (type_identifier) (scoped_type_identifier) (scoped_identifier) (field_access)] @name
  .
  "new") @reference.call

; ---------------------------------------------------------------------------
; Type uses: type names in signatures, fields, locals, casts, catches, generics, throws,
; annotations, supertypes (a supertype is also a use, generic or not). A qualified type `java.util.Map` is one use (qualifier java.util).
; Type-parameter declarations (`<T extends X>`: T) are not uses.
; ---------------------------------------------------------------------------
([
  (method_declaration type: [(type_identifier) (scoped_type_identifier)] @name)
  (annotation_type_element_declaration type: [(type_identifier) (scoped_type_identifier)] @name)
  (formal_parameter type: [(type_identifier) (scoped_type_identifier)] @name)
  (spread_parameter [(type_identifier) (scoped_type_identifier)] @name)
  (receiver_parameter [(type_identifier) (scoped_type_identifier)] @name)
  (field_declaration type: [(type_identifier) (scoped_type_identifier)] @name)
  (constant_declaration type: [(type_identifier) (scoped_type_identifier)] @name)
  (local_variable_declaration type: [(type_identifier) (scoped_type_identifier)] @name)
  (enhanced_for_statement type: [(type_identifier) (scoped_type_identifier)] @name)
  (resource type: [(type_identifier) (scoped_type_identifier)] @name)
  (catch_type [(type_identifier) (scoped_type_identifier)] @name)
  (throws [(type_identifier) (scoped_type_identifier)] @name)
  (cast_expression type: [(type_identifier) (scoped_type_identifier)] @name)
  (instanceof_expression right: [(type_identifier) (scoped_type_identifier)] @name)
  (type_pattern [(type_identifier) (scoped_type_identifier)] @name)
  (record_pattern [(identifier) (type_identifier) (scoped_type_identifier)] @name)
  (record_pattern_component [(type_identifier) (scoped_type_identifier)] @name)
  (array_creation_expression type: [(type_identifier) (scoped_type_identifier)] @name)
  (array_type element: [(type_identifier) (scoped_type_identifier)] @name)
  (class_literal [(type_identifier) (scoped_type_identifier)] @name)
  (generic_type [(type_identifier) (scoped_type_identifier)] @name)
  (type_arguments [(type_identifier) (scoped_type_identifier)] @name)
  (wildcard [(type_identifier) (scoped_type_identifier)] @name)
  (type_bound [(type_identifier) (scoped_type_identifier)] @name)
  (annotated_type [(type_identifier) (scoped_type_identifier)] @name)
  (superclass [(type_identifier) (scoped_type_identifier)] @name)
  (type_list [(type_identifier) (scoped_type_identifier)] @name)
  (marker_annotation name: [(identifier) (scoped_identifier)] @name)
  (annotation name: [(identifier) (scoped_identifier)] @name)
] @reference.type)

; ---------------------------------------------------------------------------
; Reads: plain identifiers in expression position (a member name after a dot is never
; one). Filtered later to module-level (static) variables and constants.
; ---------------------------------------------------------------------------
([
  (argument_list (identifier) @name)
  (array_access array: (identifier) @name)
  (array_access index: (identifier) @name)
  (array_initializer (identifier) @name)
  (dimensions_expr (identifier) @name)
  (assert_statement (identifier) @name)
  (assignment_expression right: (identifier) @name)
  (binary_expression left: (identifier) @name)
  (binary_expression right: (identifier) @name)
  (cast_expression value: (identifier) @name)
  (element_value_pair value: (identifier) @name)
  (element_value_array_initializer (identifier) @name)
  (annotation_argument_list (identifier) @name)
  (annotation_type_element_declaration value: (identifier) @name)
  (enhanced_for_statement value: (identifier) @name)
  (expression_statement (identifier) @name)
  (field_access object: (identifier) @name)
  (method_invocation object: (identifier) @name)
  (for_statement condition: (identifier) @name)
  (guard (identifier) @name)
  (instanceof_expression left: (identifier) @name)
  (lambda_expression body: (identifier) @name)
  (parenthesized_expression (identifier) @name)
  (resource value: (identifier) @name)
  (return_statement (identifier) @name)
  (switch_label (identifier) @name)
  (ternary_expression condition: (identifier) @name)
  (ternary_expression consequence: (identifier) @name)
  (ternary_expression alternative: (identifier) @name)
  (throw_statement (identifier) @name)
  (unary_expression operand: (identifier) @name)
  (variable_declarator value: (identifier) @name)
  (yield_statement (identifier) @name)
] @reference.read)

; ---------------------------------------------------------------------------
; Writes: `x = ..`, `x += ..`, `x++`, `--x`
; ---------------------------------------------------------------------------
(assignment_expression left: (identifier) @name @reference.write)
(update_expression (identifier) @name @reference.write)

; ---------------------------------------------------------------------------
; Decision points (cyclomatic complexity)
; ---------------------------------------------------------------------------

; `if` and each `else if`
(if_statement) @branch

; loops
(while_statement) @branch
(do_statement) @branch
(for_statement) @branch
(enhanced_for_statement) @branch

; `case X:` / `case X ->` labels (not `default`)
(switch_label (_)) @branch

; catch clauses
(catch_clause) @branch

; `c ? a : b`
(ternary_expression) @branch

; short-circuit operators
(binary_expression operator: ["&&" "||"] @branch)
