; Kotlin extraction queries (tree-sitter-kotlin 1.1). Capture vocabulary: docs/captures.md.
; Order matters: when two patterns capture the same node (or name node), the first one wins,
; so specific patterns (a function in a class body is a method) come before general ones.

; ---------------------------------------------------------------------------
; Package header: `package com.example.app`
; ---------------------------------------------------------------------------
(package_header (qualified_identifier) @name) @package

; ---------------------------------------------------------------------------
; Type declarations. `interface`, `enum class`, `class` (data, sealed, abstract, ...) share
; one node; `object Foo` (a singleton) is a class. A companion object is no symbol of its own:
; its members are members of the class around it (`Product.createdCount()`).
; ---------------------------------------------------------------------------
(class_declaration
  "interface"
  name: (identifier) @name) @definition.interface

(class_declaration
  name: (identifier) @name
  (enum_class_body) @body) @definition.enum

(class_declaration
  name: (identifier) @name) @definition.class

(object_declaration
  name: (identifier) @name) @definition.class

; `typealias Books = List<Book>`
(type_alias type: (identifier) @name) @definition.type

; enum entries: constants as visible as their enum
(enum_entry . (identifier) @name) @definition.constant

; ---------------------------------------------------------------------------
; Functions. In a class, object, interface or enum body: methods. An extension function
; (`fun Book.label()`) is a method of its receiver type, written outside it (like a Go method:
; the receiver type is its container). Everything else: functions (local ones are private).
; ---------------------------------------------------------------------------
(class_body
  (function_declaration name: (identifier) @name (function_value_parameters) . [(user_type) (nullable_type)]? @type (function_body)? @body) @definition.method)
(enum_class_body
  (function_declaration name: (identifier) @name (function_value_parameters) . [(user_type) (nullable_type)]? @type (function_body)? @body) @definition.method)

(function_declaration
  [(user_type (identifier) @container .)
   (user_type (identifier) @container . (type_arguments))
   (nullable_type (user_type (identifier) @container .))]
  .
  name: (identifier) @name
  (function_value_parameters) . [(user_type) (nullable_type)]? @type
  (function_body)? @body) @definition.method

(function_declaration name: (identifier) @name (function_value_parameters) . [(user_type) (nullable_type)]? @type (function_body)? @body) @definition.function

; ---------------------------------------------------------------------------
; Properties. Members (class body, `val`/`var` constructor parameters): properties; `const val`
; anywhere: constants; top-level `val`/`var`: variables. Locals are not symbols.
; ---------------------------------------------------------------------------
((property_declaration
  (modifiers) @modifiers
  (variable_declaration (identifier) @name . [(user_type) (nullable_type)]? @type)) @definition.constant
  (#match? @modifiers "\\bconst\\b"))

(class_body
  (property_declaration (variable_declaration (identifier) @name . [(user_type) (nullable_type)] @type)) @definition.property)
(class_body
  (property_declaration (variable_declaration . (identifier) @name .) . [(call_expression) (navigation_expression) (identifier) (parenthesized_expression) (this_expression)] @value) @definition.property)
(class_body
  (property_declaration (variable_declaration (identifier) @name)) @definition.property)
(enum_class_body
  (property_declaration (variable_declaration (identifier) @name . [(user_type) (nullable_type)] @type)) @definition.property)
(enum_class_body
  (property_declaration (variable_declaration . (identifier) @name .) . [(call_expression) (navigation_expression) (identifier) (parenthesized_expression) (this_expression)] @value) @definition.property)
(enum_class_body
  (property_declaration (variable_declaration (identifier) @name)) @definition.property)

(class_parameter ["val" "var"] . (identifier) @name . [(user_type) (nullable_type)]? @type) @definition.property

(source_file
  (property_declaration (variable_declaration (identifier) @name . [(user_type) (nullable_type)] @type)) @definition.variable)
(source_file
  (property_declaration (variable_declaration . (identifier) @name .) . [(call_expression) (navigation_expression) (identifier) (parenthesized_expression) (this_expression)] @value) @definition.variable)
(source_file
  (property_declaration (variable_declaration (identifier) @name)) @definition.variable)

; ---------------------------------------------------------------------------
; Local bindings: the declared types of parameters and locals, so that `p.m()` binds through
; p's type (docs/captures.md, "Receiver types"). A `val`/`var` without a type takes its
; initialiser when that is a chain (`Foo()`, `make()`, `a.b.c()`, `x`); `x as T` gives T.
; (Member and top-level properties are definitions above: their name nodes are taken there.)
; Smart casts (`if (o is T) o.m()`) are flow typing: not expressible here.
; ---------------------------------------------------------------------------

; function, constructor and setter parameters (`p: Helper`, `q: Helper?`)
(parameter (identifier) @name . [(user_type) (nullable_type)] @type) @binding
(class_parameter (identifier) @name . [(user_type) (nullable_type)] @type) @binding
; typed lambda parameters `{ h: Helper -> .. }`
(lambda_parameters (variable_declaration (identifier) @name . [(user_type) (nullable_type)] @type) @binding)
; locals `val x: Helper = ..`
(property_declaration (variable_declaration (identifier) @name . [(user_type) (nullable_type)] @type)) @binding
; `val x = o as Helper`, `val x = o as? Helper`
(property_declaration (variable_declaration . (identifier) @name .) . (as_expression right: [(user_type) (nullable_type)] @type)) @binding
; `val x = Helper()`, `val x = make()`, `val x = a.b`
(property_declaration (variable_declaration . (identifier) @name .) . [(call_expression) (navigation_expression) (identifier) (parenthesized_expression) (this_expression)] @value) @binding
; smart casts `if (o is Helper) o.m()` (block scopes are not modelled: the last test before a
; call counts, which is right inside the branch; after it the tested type is a subtype of the
; declared one, whose members it inherits). `when (o) { is A -> ..; is B -> .. }` cannot be
; written: every entry's binding would share the subject's name node, and only one is kept.
(is_expression left: (identifier) @name right: [(user_type) (nullable_type)] @type) @binding
; `for (e: Helper in items)`
(for_statement (variable_declaration (identifier) @name . [(user_type) (nullable_type)] @type)) @binding
; `catch (e: IOException)`
(catch_block (identifier) @name . [(user_type) (nullable_type)] @type) @binding

; ---------------------------------------------------------------------------
; Imports
; ---------------------------------------------------------------------------

; `import a.b.*` → module a.b, name *
(import (qualified_identifier) @module "*" @name) @reference.import

; `import a.b.C as D` → module a.b.C, name C, alias D
(import
  (qualified_identifier (identifier) @name .) @module
  (identifier) @alias) @reference.import

; `import a.b.C` → module a.b.C, name C
((import
  (qualified_identifier (identifier) @name .) @module
  .) @reference.import
  (#not-match? @reference.import "\\*"))

; ---------------------------------------------------------------------------
; Inheritance: `class A : B(), I` — a supertype with a constructor call is the superclass,
; one without is an implemented interface; the supertypes of an interface are extended.
; ---------------------------------------------------------------------------
((class_declaration
  "interface" @_kw
  (delegation_specifiers
    (delegation_specifier
      (user_type (identifier) @name .)) @reference.extends))
  (#eq? @_kw "interface"))
((class_declaration
  "interface" @_kw
  (delegation_specifiers
    (delegation_specifier
      (user_type (identifier) @name . (type_arguments))) @reference.extends))
  (#eq? @_kw "interface"))

(delegation_specifier
  (constructor_invocation
    [(user_type (identifier) @name .)
     (user_type (identifier) @name . (type_arguments))])) @reference.extends

((class_declaration
  "class" @_kw
  (delegation_specifiers
    (delegation_specifier
      [(user_type (identifier) @name .)
       (user_type (identifier) @name . (type_arguments))]) @reference.implements))
  (#eq? @_kw "class"))
(object_declaration
  (delegation_specifiers
    (delegation_specifier
      [(user_type (identifier) @name .)
       (user_type (identifier) @name . (type_arguments))]) @reference.implements))
(companion_object
  (delegation_specifiers
    (delegation_specifier
      [(user_type (identifier) @name .)
       (user_type (identifier) @name . (type_arguments))]) @reference.implements))

; ---------------------------------------------------------------------------
; Calls
; ---------------------------------------------------------------------------

; unqualified calls `f(x)`, `f<T>()`, `f { .. }`, and constructor calls `Book(1)`
(call_expression . (identifier) @name) @reference.call

; calls on a receiver: `obj.m()`, `obj?.m()`, `this.m()`, `super.m()`, `Util.m()`, `a.b.m()`
(call_expression
  .
  (navigation_expression
    .
    (_) @qualifier
    (identifier) @name .)) @reference.call

; ---------------------------------------------------------------------------
; Type uses: every type name written (parameters, returns, properties, supertypes, generics,
; casts, `is` checks, receivers). A qualified type `a.b.C` is a use of C.
; ---------------------------------------------------------------------------
((user_type (identifier) @name .) @reference.type)
((user_type (identifier) @name . (type_arguments)) @reference.type)

; ---------------------------------------------------------------------------
; Reads and writes of identifiers (kept when they bind to a top-level property)
; ---------------------------------------------------------------------------
([
  (value_argument (identifier) @name)
  (binary_expression left: (identifier) @name)
  (binary_expression right: (identifier) @name)
  (property_declaration (identifier) @name)
  (return_expression (identifier) @name)
  (function_body (identifier) @name)
  (navigation_expression . (identifier) @name)
  (assignment right: (identifier) @name)
  (if_expression condition: (identifier) @name)
  (when_subject (identifier) @name)
  (string_literal (interpolation (identifier) @name))
] @reference.read)

(assignment left: (identifier) @name @reference.write)
(unary_expression operator: ["++" "--"] argument: (identifier) @name @reference.write)

; ---------------------------------------------------------------------------
; Decision points (cyclomatic complexity)
; ---------------------------------------------------------------------------
(if_expression) @branch
(for_statement) @branch
(while_statement) @branch
(do_while_statement) @branch
(when_entry condition: (_)) @branch
(catch_block) @branch
(binary_expression operator: ["&&" "||" "?:"] @branch)
