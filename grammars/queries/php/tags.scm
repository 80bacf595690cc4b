; PHP extraction queries (grammar: tree-sitter-php 0.24, the `php` dialect: files with <?php).
; Capture vocabulary: docs/captures.md. When two patterns capture the same node, the pattern
; that comes first in this file wins, so specific patterns precede the general ones.
; Qualified names use PHP's namespace separator: App\Models\User, App\Models\User\save.
; `namespace A\B;` (no braces) covers the rest of the file: the declarations after it name it
; as their @container. Visibility: the modifiers of the declaration (public when none).

; ============================================================================================
; Definitions
; ============================================================================================

; --- namespaces: `namespace A\B;` and `namespace A\B { ... }`; the first is also the file's
;     package: names of the same namespace are visible without `use` (resolver, step 4)
(namespace_definition name: (namespace_name) @name) @definition.namespace
(namespace_definition name: (namespace_name) @name) @package

; --- declarations after a `namespace A\B;` statement, directly in the file
(program
  (namespace_definition name: (namespace_name) @container !body)
  [
    (class_declaration name: (name) @name) @definition.class
    (interface_declaration name: (name) @name) @definition.interface
    (trait_declaration name: (name) @name) @definition.trait
    (enum_declaration name: (name) @name) @definition.enum
    (function_definition name: (name) @name return_type: (_)? @type) @definition.function
    (const_declaration (const_element (name) @name) @definition.constant)
  ])

; --- constructors and methods (`@type`: the declared return type, `?T` and `T|null` give T;
;     `static` and `self` are the class)
(method_declaration
  name: (name) @name
  (#eq? @name "__construct")) @definition.constructor
(method_declaration name: (name) @name return_type: (_)? @type) @definition.method

; --- types
(class_declaration name: (name) @name) @definition.class
(interface_declaration name: (name) @name) @definition.interface
(trait_declaration name: (name) @name) @definition.trait
(enum_declaration name: (name) @name) @definition.enum
(enum_case name: (name) @name) @definition.constant

; --- functions (also conditional ones: `if (!function_exists('f')) { function f() {} }`)
(function_definition name: (name) @name return_type: (_)? @type) @definition.function

; --- properties: each `$name` of `private int $a = 1, $b;` (the declaration's modifiers;
;     `@type`: the declared type)
(property_declaration
  (visibility_modifier)? @modifiers
  type: (_)? @type
  (property_element name: (variable_name (name) @name)) @definition.property)

; --- constants: `const A = 1, B = 2;` in a class or at top level; `define('A', 1)`
(const_declaration
  (visibility_modifier)? @modifiers
  (const_element (name) @name) @definition.constant)
(function_call_expression
  function: (name) @_define
  arguments: (arguments . (argument (string (string_content) @name)))
  (#eq? @_define "define")) @definition.constant

; --- global variables: `$config = ...;` at the top level of a file
(program
  (expression_statement
    (assignment_expression left: (variable_name (name) @name)) @definition.variable))

; ============================================================================================
; Local bindings: what parameters and assignments say the types of `$x` are
; ============================================================================================

; --- parameters `Foo $x`, `?Foo $x`, `Foo|null $x`, promoted constructor parameters
(simple_parameter type: (_) @type name: (variable_name) @name) @binding
(property_promotion_parameter type: (_) @type name: (variable_name) @name) @binding
; --- `$x = new Foo`, `$x = new \A\Foo(..)`: the class written
(assignment_expression
  left: (variable_name) @name
  right: (object_creation_expression [(name) (qualified_name)] @type)) @binding
; --- `$x = new Foo()`, `$x = make()`, `$x = Foo::create()`, `$x = $y->m()` (the last assignment
;     before a call counts)
(assignment_expression left: (variable_name) @name right: (_) @value) @binding

; ============================================================================================
; References
; ============================================================================================

; --- `use A\B\C;`, `use A\B\C as D;`, `use function A\f;`: the name bound to A\B\C
(namespace_use_declaration
  (namespace_use_clause
    .
    [(name) (qualified_name)] @module
    alias: (name)? @alias)) @reference.import
; --- `use A\B\{C, D as E};`: each name of the group, from module A\B
(namespace_use_declaration
  (namespace_name) @module
  body: (namespace_use_group
    (namespace_use_clause
      .
      [(name) (qualified_name)] @name
      alias: (name)? @alias))) @reference.import

; --- `require 'x.php'`, `require_once __DIR__ . '/x.php'`, include(_once): every top-level
;     name of the file becomes visible
(require_expression
  [(string (string_content) @module)
   (encapsed_string (string_content) @module)
   (binary_expression right: [(string (string_content) @module)
                              (encapsed_string (string_content) @module)])
   (parenthesized_expression (string (string_content) @module))]) @reference.import
(require_once_expression
  [(string (string_content) @module)
   (encapsed_string (string_content) @module)
   (binary_expression right: [(string (string_content) @module)
                              (encapsed_string (string_content) @module)])
   (parenthesized_expression (string (string_content) @module))]) @reference.import
(include_expression
  [(string (string_content) @module)
   (encapsed_string (string_content) @module)
   (binary_expression right: [(string (string_content) @module)
                              (encapsed_string (string_content) @module)])
   (parenthesized_expression (string (string_content) @module))]) @reference.import
(include_once_expression
  [(string (string_content) @module)
   (encapsed_string (string_content) @module)
   (binary_expression right: [(string (string_content) @module)
                              (encapsed_string (string_content) @module)])
   (parenthesized_expression (string (string_content) @module))]) @reference.import

; --- inheritance: `class A extends B`, `interface I extends J, K`
(base_clause [(name) (qualified_name)] @name) @reference.extends
; --- `implements I, J`; traits used in a class body (`use T;`)
(class_interface_clause [(name) (qualified_name)] @name) @reference.implements
(use_declaration [(name) (qualified_name)] @name) @reference.implements

; --- calls: `f()`, `\A\f()`, `$obj->m()`, `$this->m()`, `$obj?->m()`, `A::m()`, `self::m()`
(function_call_expression
  function: [(name) (qualified_name)] @name
  (#not-eq? @name "define")) @reference.call
(member_call_expression
  object: (_) @qualifier
  name: (name) @name) @reference.call
(nullsafe_member_call_expression
  object: (_) @qualifier
  name: (name) @name) @reference.call
(scoped_call_expression
  scope: (_) @qualifier
  name: (name) @name) @reference.call

; --- `new A(...)` constructs an A: a call of the class
(object_creation_expression
  [(name) (qualified_name)] @name
  (#not-any-of? @name "self" "static" "parent")) @reference.call

; --- types named in signatures, catch clauses, instanceof
(named_type
  [(name) (qualified_name)] @name
  (#not-any-of? @name "self" "static" "parent")) @reference.type
(binary_expression
  operator: "instanceof"
  right: [(name) (qualified_name)] @name) @reference.type

; --- class constants read: `A::B` (the class as a type)
(class_constant_access_expression . [(name) (qualified_name)] @name) @reference.type

; ============================================================================================
; Complexity
; ============================================================================================
[(if_statement) (else_if_clause) (while_statement) (do_statement) (for_statement)
 (foreach_statement) (case_statement) (catch_clause) (conditional_expression)
 (match_conditional_expression)] @branch
(binary_expression operator: ["&&" "||" "and" "or" "??"] @branch)
