; TypeScript extraction queries (tsx/tags.scm inherits this file). Capture vocabulary:
; docs/captures.md. When two patterns capture the same definition node (or the same name node)
; the first one in this file wins, so container-aware patterns come before the general ones.
; A declaration with a single declarator (`const f = () => {};`) is captured as the whole
; declaration (the doc comment sits above it, the signature starts at `const`); with several
; declarators each declarator is its own definition.
; The expression and statement patterns mirror javascript/tags.scm, written with TypeScript's node
; names (type_identifier class names, public_field_definition); this file cannot inherit the
; JavaScript one, whose JSX and field_definition nodes do not exist in this grammar.

; ============================================================================================
; Definitions
; ============================================================================================

; ---- class members -------------------------------------------------------------------------

; constructor(...) {...} and its overload signatures `constructor(a: string);`
([
  (method_definition name: (property_identifier) @name)
  (method_signature name: (property_identifier) @name)
 ] @definition.constructor
 (#eq? @name "constructor"))

; a method whose decorators sit between its doc comment and itself (decorators are siblings of
; the method in the class body): `/** doc */ @HostListener('click') onClick() {...}`
(class_body
  (comment) @doc
  .
  (decorator)+
  .
  (method_definition
    ["get" "set"]
    name: [(property_identifier) (private_property_identifier)] @name return_type: (type_annotation (_) @type)?) @definition.property)

(class_body
  (comment) @doc
  .
  (decorator)+
  .
  (method_definition
    name: [(property_identifier) (private_property_identifier)] @name return_type: (type_annotation (_) @type)?) @definition.method)

; get x() {...} / set x(v) {...} (classes, object literals) and `get x(): T;` signatures
[
  (method_definition ["get" "set"] name: [(property_identifier) (private_property_identifier)] @name return_type: (type_annotation (_) @type)?)
  (method_signature ["get" "set"] name: [(property_identifier) (private_property_identifier)] @name return_type: (type_annotation (_) @type)?)
] @definition.property

; methods (also static, async, generator, #private, abstract), overload and interface method
; signatures `m(a: string): void;`
[
  (method_definition name: [(property_identifier) (private_property_identifier)] @name return_type: (type_annotation (_) @type)?)
  (method_signature name: [(property_identifier) (private_property_identifier)] @name return_type: (type_annotation (_) @type)?)
  (abstract_method_signature name: [(property_identifier) (private_property_identifier)] @name return_type: (type_annotation (_) @type)?)
] @definition.method

; a class field holding a function is a method: `handleClick = () => {...}`
(public_field_definition
  name: [(property_identifier) (private_property_identifier)] @name
  value: [
    (arrow_function return_type: (type_annotation (_) @type)? body: (_) @body)
    (function_expression return_type: (type_annotation (_) @type)? body: (_) @body)
    (generator_function body: (_) @body)
  ]) @definition.method

; class fields: `private count = 0;`, `static x: T;`, `#secret;`, `abstract y: T;`
(public_field_definition
  name: [(property_identifier) (private_property_identifier)] @name
  type: (type_annotation (_) @type)?
  value: (_)? @value) @definition.field

; parameter properties `constructor(private readonly http: Http, readonly id: string)`: fields
; of the class (its name as container: the constructor encloses them)
([
  (class_declaration
    name: (type_identifier) @container
    body: (class_body
      (method_definition
        name: (property_identifier) @_ctor
        parameters: (formal_parameters
          [
            (required_parameter (accessibility_modifier) @modifiers pattern: (identifier) @name type: (type_annotation (_) @type)?)
            (optional_parameter (accessibility_modifier) @modifiers pattern: (identifier) @name type: (type_annotation (_) @type)?)
            (required_parameter "readonly" pattern: (identifier) @name type: (type_annotation (_) @type)?)
            (optional_parameter "readonly" pattern: (identifier) @name type: (type_annotation (_) @type)?)
          ] @definition.field))))
  (abstract_class_declaration
    name: (type_identifier) @container
    body: (class_body
      (method_definition
        name: (property_identifier) @_ctor
        parameters: (formal_parameters
          [
            (required_parameter (accessibility_modifier) @modifiers pattern: (identifier) @name type: (type_annotation (_) @type)?)
            (optional_parameter (accessibility_modifier) @modifiers pattern: (identifier) @name type: (type_annotation (_) @type)?)
            (required_parameter "readonly" pattern: (identifier) @name type: (type_annotation (_) @type)?)
            (optional_parameter "readonly" pattern: (identifier) @name type: (type_annotation (_) @type)?)
          ] @definition.field))))
 ]
 (#eq? @_ctor "constructor"))

; ---- interface and object type members ---------------------------------------------------

; construct signatures `interface ErrorCtor { new (message: string): Err; }`: named `new`
(construct_signature
  "new" @name) @definition.constructor

; property signatures of interfaces and of object types named by a type alias:
; `interface Options { timeout?: number }`, `type Point = { x: number }`
(interface_body
  (property_signature
    name: [(property_identifier) (private_property_identifier)] @name
    type: (type_annotation (_) @type)?) @definition.property)

(type_alias_declaration
  value: (object_type
    (property_signature
      name: [(property_identifier) (private_property_identifier)] @name
      type: (type_annotation (_) @type)?) @definition.property))

; ---- enums ---------------------------------------------------------------------------------

; enum members are constants: `enum Color { Red, Green = 'g' }`
(enum_body
  name: (property_identifier) @name @definition.constant)

(enum_body
  (enum_assignment
    name: (property_identifier) @name) @definition.constant)

; ---- object literal members ----------------------------------------------------------------

; `{ key: function () {...} }`, `{ key: () => ... }`: a method of the object
(pair
  key: (property_identifier) @name
  value: [
    (arrow_function return_type: (type_annotation (_) @type)? body: (_) @body)
    (function_expression return_type: (type_annotation (_) @type)? body: (_) @body)
    (generator_function body: (_) @body)
  ]) @definition.method

; ---- functions assigned to members (CommonJS style) ------------------------------------------

; exports.f = function () {...} / module.exports.f = (...) => ...: an exported function `f`
(expression_statement
  (assignment_expression
    left: (member_expression
      object: [
        (identifier) @_exports
        (member_expression
          object: (identifier) @_module
          property: (property_identifier) @_exports)
      ]
      property: (property_identifier) @name)
    right: [
      (arrow_function return_type: (type_annotation (_) @type)? body: (_) @body)
      (function_expression return_type: (type_annotation (_) @type)? body: (_) @body)
      (generator_function body: (_) @body)
    ])
  (#eq? @_exports "exports")
  (#eq? @_module "module")) @definition.function

; Foo.prototype.bar = function () {...}: method `bar` of `Foo`
(expression_statement
  (assignment_expression
    left: (member_expression
      object: (member_expression
        object: (identifier) @container
        property: (property_identifier) @_proto)
      property: (property_identifier) @name)
    right: [
      (arrow_function return_type: (type_annotation (_) @type)? body: (_) @body)
      (function_expression return_type: (type_annotation (_) @type)? body: (_) @body)
      (generator_function body: (_) @body)
    ])
  (#eq? @_proto "prototype")) @definition.method

; app.handle = function handle() {...}: function with the object as container
; (not `module.exports = function () {}`: an anonymous default export has no name)
(expression_statement
  (assignment_expression
    left: (member_expression
      object: [(identifier) (member_expression)] @container
      property: (property_identifier) @name)
    right: [
      (arrow_function return_type: (type_annotation (_) @type)? body: (_) @body)
      (function_expression return_type: (type_annotation (_) @type)? body: (_) @body)
      (generator_function body: (_) @body)
    ])
  (#not-eq? @container "module")) @definition.function

; ---- functions and classes bound to variables (any depth) ----------------------------------

; const f = () => {...}; / let f = function () {...}; / var f = function* () {...}; (one declarator)
[
  (lexical_declaration .
    (variable_declarator
      name: (identifier) @name
      value: [
        (arrow_function return_type: (type_annotation (_) @type)? body: (_) @body)
        (function_expression return_type: (type_annotation (_) @type)? body: (_) @body)
        (generator_function body: (_) @body)
      ]) .)
  (variable_declaration .
    (variable_declarator
      name: (identifier) @name
      value: [
        (arrow_function return_type: (type_annotation (_) @type)? body: (_) @body)
        (function_expression return_type: (type_annotation (_) @type)? body: (_) @body)
        (generator_function body: (_) @body)
      ]) .)
] @definition.function

; const Foo = class {...}; (one declarator)
[
  (lexical_declaration .
    (variable_declarator
      name: (identifier) @name
      value: (class body: (_) @body)) .)
  (variable_declaration .
    (variable_declarator
      name: (identifier) @name
      value: (class body: (_) @body)) .)
] @definition.class

; the same in a declaration with several declarators: `const a = 1, f = () => {};`
(variable_declarator
  name: (identifier) @name
  value: [
    (arrow_function return_type: (type_annotation (_) @type)? body: (_) @body)
    (function_expression return_type: (type_annotation (_) @type)? body: (_) @body)
    (generator_function body: (_) @body)
  ]) @definition.function

(variable_declarator
  name: (identifier) @name
  value: (class body: (_) @body)) @definition.class

; ---- declarations ----------------------------------------------------------------------------

; function f() {...} at any depth, function* g() {...}, and signatures without a body (overloads,
; `declare function f(): void;`)
[
  (function_declaration name: (identifier) @name return_type: (type_annotation (_) @type)?)
  (generator_function_declaration name: (identifier) @name return_type: (type_annotation (_) @type)?)
  (function_signature name: (identifier) @name return_type: (type_annotation (_) @type)?)
] @definition.function

; classes, abstract classes, named class expressions
[
  (class_declaration name: (type_identifier) @name)
  (abstract_class_declaration name: (type_identifier) @name)
  (class name: (type_identifier) @name)
] @definition.class

; interface I {...}, type T = ..., enum E {...}
(interface_declaration
  name: (type_identifier) @name) @definition.interface

(type_alias_declaration
  name: (type_identifier) @name) @definition.type

(enum_declaration
  name: (identifier) @name) @definition.enum

; namespace N {...}, namespace A.B {...}, module M {...}, declare module 'pkg' {...}
[
  (internal_module name: [(identifier) (nested_identifier)] @name)
  (module name: [(identifier) (nested_identifier)] @name)
  (internal_module name: (string (string_fragment) @name))
  (module name: (string (string_fragment) @name))
] @definition.namespace

; named function expressions passed as arguments or returned
[
  (arguments
    [
      (function_expression name: (identifier) @name)
      (generator_function name: (identifier) @name)
    ] @definition.function)
  (return_statement
    [
      (function_expression name: (identifier) @name)
      (generator_function name: (identifier) @name)
    ] @definition.function)
]

; ---- module-level variables and constants ----------------------------------------------------
; In the program, under `export` or `declare`, and in namespace bodies. `x = require('m')` and
; `x = require('m').y` bindings are imports, not definitions: the value pattern
; `(_ function: @_f object: (_ function: @_g)?)` exposes the callee so `#not-eq? ... "require"`
; rejects them without a regular expression over the whole value.

; const X = ...; (one declarator)
([
  (program
    (lexical_declaration kind: "const" .
      (variable_declarator
        name: (identifier) @name
        type: (type_annotation (_) @type)?
        value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)? @value) .) @definition.constant)
  (internal_module body: (statement_block
    (lexical_declaration kind: "const" .
      (variable_declarator
        name: (identifier) @name
        type: (type_annotation (_) @type)?
        value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)? @value) .) @definition.constant))
  (module body: (statement_block
    (lexical_declaration kind: "const" .
      (variable_declarator
        name: (identifier) @name
        type: (type_annotation (_) @type)?
        value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)? @value) .) @definition.constant))
  (ambient_declaration
    (lexical_declaration kind: "const" .
      (variable_declarator
        name: (identifier) @name
        type: (type_annotation (_) @type)?
        value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)? @value) .) @definition.constant)
 ]
 (#not-eq? @_f "require")
 (#not-eq? @_g "require"))

; let x; / var x = ...; (one declarator)
([
  (program
    (lexical_declaration kind: "let" .
      (variable_declarator
        name: (identifier) @name
        type: (type_annotation (_) @type)?
        value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)? @value) .) @definition.variable)
  (program
    (variable_declaration .
      (variable_declarator
        name: (identifier) @name
        type: (type_annotation (_) @type)?
        value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)? @value) .) @definition.variable)
  (internal_module body: (statement_block
    (lexical_declaration kind: "let" .
      (variable_declarator
        name: (identifier) @name
        type: (type_annotation (_) @type)?
        value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)? @value) .) @definition.variable))
  (internal_module body: (statement_block
    (variable_declaration .
      (variable_declarator
        name: (identifier) @name
        type: (type_annotation (_) @type)?
        value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)? @value) .) @definition.variable))
  (module body: (statement_block
    (lexical_declaration kind: "let" .
      (variable_declarator
        name: (identifier) @name
        type: (type_annotation (_) @type)?
        value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)? @value) .) @definition.variable))
  (module body: (statement_block
    (variable_declaration .
      (variable_declarator
        name: (identifier) @name
        type: (type_annotation (_) @type)?
        value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)? @value) .) @definition.variable))
  (ambient_declaration
    (lexical_declaration kind: "let" .
      (variable_declarator
        name: (identifier) @name
        type: (type_annotation (_) @type)?
        value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)? @value) .) @definition.variable)
  (ambient_declaration
    (variable_declaration .
      (variable_declarator
        name: (identifier) @name
        type: (type_annotation (_) @type)?
        value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)? @value) .) @definition.variable)
 ]
 (#not-eq? @_f "require")
 (#not-eq? @_g "require"))

; several declarators: `const A = 1, B = 2;`
([
  (program
    (lexical_declaration kind: "const"
      (variable_declarator
        name: (identifier) @name
        type: (type_annotation (_) @type)?
        value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)? @value) @definition.constant))
  (internal_module body: (statement_block
    (lexical_declaration kind: "const"
      (variable_declarator
        name: (identifier) @name
        type: (type_annotation (_) @type)?
        value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)? @value) @definition.constant)))
  (module body: (statement_block
    (lexical_declaration kind: "const"
      (variable_declarator
        name: (identifier) @name
        type: (type_annotation (_) @type)?
        value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)? @value) @definition.constant)))
  (ambient_declaration
    (lexical_declaration kind: "const"
      (variable_declarator
        name: (identifier) @name
        type: (type_annotation (_) @type)?
        value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)? @value) @definition.constant))
 ]
 (#not-eq? @_f "require")
 (#not-eq? @_g "require"))

; several declarators: `var a, b;` / `let a = 1, b;`
([
  (program
    (lexical_declaration kind: "let"
      (variable_declarator
        name: (identifier) @name
        type: (type_annotation (_) @type)?
        value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)? @value) @definition.variable))
  (program
    (variable_declaration
      (variable_declarator
        name: (identifier) @name
        type: (type_annotation (_) @type)?
        value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)? @value) @definition.variable))
  (internal_module body: (statement_block
    (lexical_declaration kind: "let"
      (variable_declarator
        name: (identifier) @name
        type: (type_annotation (_) @type)?
        value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)? @value) @definition.variable)))
  (internal_module body: (statement_block
    (variable_declaration
      (variable_declarator
        name: (identifier) @name
        type: (type_annotation (_) @type)?
        value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)? @value) @definition.variable)))
  (module body: (statement_block
    (lexical_declaration kind: "let"
      (variable_declarator
        name: (identifier) @name
        type: (type_annotation (_) @type)?
        value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)? @value) @definition.variable)))
  (module body: (statement_block
    (variable_declaration
      (variable_declarator
        name: (identifier) @name
        type: (type_annotation (_) @type)?
        value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)? @value) @definition.variable)))
  (ambient_declaration
    (lexical_declaration kind: "let"
      (variable_declarator
        name: (identifier) @name
        type: (type_annotation (_) @type)?
        value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)? @value) @definition.variable))
  (ambient_declaration
    (variable_declaration
      (variable_declarator
        name: (identifier) @name
        type: (type_annotation (_) @type)?
        value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)? @value) @definition.variable))
 ]
 (#not-eq? @_f "require")
 (#not-eq? @_g "require"))


; export const X = ...; / export let x; / export declare const x: T; (one declarator, then several)
(export_statement
  declaration: [
    (lexical_declaration
      kind: "const"
      .
      (variable_declarator name: (identifier) @name type: (type_annotation (_) @type)? value: (_)? @value)
      .)
    (ambient_declaration
      (lexical_declaration
        kind: "const"
        .
        (variable_declarator name: (identifier) @name type: (type_annotation (_) @type)? value: (_)? @value)
        .))
  ] @definition.constant)

(export_statement
  declaration: [
    (lexical_declaration
      kind: "let"
      .
      (variable_declarator name: (identifier) @name type: (type_annotation (_) @type)? value: (_)? @value)
      .)
    (variable_declaration
      .
      (variable_declarator name: (identifier) @name type: (type_annotation (_) @type)? value: (_)? @value)
      .)
    (ambient_declaration
      [
        (lexical_declaration
          kind: "let"
          .
          (variable_declarator name: (identifier) @name type: (type_annotation (_) @type)? value: (_)? @value)
          .)
        (variable_declaration
          .
          (variable_declarator name: (identifier) @name type: (type_annotation (_) @type)? value: (_)? @value)
          .)
      ])
  ] @definition.variable)

(export_statement
  declaration: [
    (lexical_declaration
      kind: "const"
      (variable_declarator name: (identifier) @name type: (type_annotation (_) @type)? value: (_)? @value) @definition.constant)
    (ambient_declaration
      (lexical_declaration
        kind: "const"
        (variable_declarator name: (identifier) @name type: (type_annotation (_) @type)? value: (_)? @value) @definition.constant))
  ])

(export_statement
  declaration: [
    (lexical_declaration
      kind: "let"
      (variable_declarator name: (identifier) @name type: (type_annotation (_) @type)? value: (_)? @value) @definition.variable)
    (variable_declaration
      (variable_declarator name: (identifier) @name type: (type_annotation (_) @type)? value: (_)? @value) @definition.variable)
    (ambient_declaration
      [
        (lexical_declaration
          kind: "let"
          (variable_declarator name: (identifier) @name type: (type_annotation (_) @type)? value: (_)? @value) @definition.variable)
        (variable_declaration
          (variable_declarator name: (identifier) @name type: (type_annotation (_) @type)? value: (_)? @value) @definition.variable)
      ])
  ])


; destructuring at module level: `const { a, b: c } = obj;` (not from require())
([
  (program
    (lexical_declaration
      kind: "const"
      (variable_declarator
        name: [
          (object_pattern (shorthand_property_identifier_pattern) @name @definition.constant)
          (object_pattern (pair_pattern value: (identifier) @name @definition.constant))
          (array_pattern (identifier) @name @definition.constant)
        ]
        value: (_ function: (_)? @_f))))
  (export_statement
    (lexical_declaration
      kind: "const"
      (variable_declarator
        name: [
          (object_pattern (shorthand_property_identifier_pattern) @name @definition.constant)
          (object_pattern (pair_pattern value: (identifier) @name @definition.constant))
          (array_pattern (identifier) @name @definition.constant)
        ])))
 ]
 (#not-eq? @_f "require"))

; ============================================================================================
; Local bindings: what the declarations of parameters and locals say their types are
; ============================================================================================

; --- parameters (`p: AbstractProvider`, `p?: T`); without a type: a local of unknown type
(required_parameter pattern: (identifier) @name type: (type_annotation (_) @type)) @binding
(optional_parameter pattern: (identifier) @name type: (type_annotation (_) @type)) @binding
; --- a function's declared `this` (`function (this: SchedulerAction<T>) { this.schedule() }`):
;     `this` has that type inside the function's body
(function_expression
  parameters: (formal_parameters (required_parameter pattern: (this) @name type: (type_annotation (_) @type)))
  body: (_) @within) @binding
(function_declaration
  parameters: (formal_parameters (required_parameter pattern: (this) @name type: (type_annotation (_) @type)))
  body: (_) @within) @binding
; --- narrowing, inside the `if` block only: `if (x instanceof T) {...}` makes x a T there;
;     `if (isT(x)) {...}` makes x what the guard's result says (`(v: any): v is T`)
(if_statement
  condition: (parenthesized_expression
    (binary_expression left: (identifier) @name operator: "instanceof" right: (_) @type))
  consequence: (_) @within) @binding
(if_statement
  condition: (parenthesized_expression
    (call_expression function: (_) @guard arguments: (arguments . (identifier) @name .)))
  consequence: (_) @within) @binding
; --- parameters of a function passed to a call, typed by the callee's signature:
;     `operate((source, subscriber) => ...)`, `new Observable((subscriber) => ...)`
(call_expression
  arguments: (arguments [
    (arrow_function parameters: (formal_parameters (required_parameter pattern: (identifier) @name !type)))
    (arrow_function parameter: (identifier) @name)
    (function_expression parameters: (formal_parameters (required_parameter pattern: (identifier) @name !type)))
  ])) @callee @binding
(new_expression
  arguments: (arguments [
    (arrow_function parameters: (formal_parameters (required_parameter pattern: (identifier) @name !type)))
    (arrow_function parameter: (identifier) @name)
    (function_expression parameters: (formal_parameters (required_parameter pattern: (identifier) @name !type)))
  ])) @callee @binding
; ... and in either branch of a conditional argument: `new Observable(s ? (sub) => ... : (sub) => ...)`
(new_expression
  arguments: (arguments (ternary_expression [
    (arrow_function parameters: (formal_parameters (required_parameter pattern: (identifier) @name !type)))
    (arrow_function parameter: (identifier) @name)
  ]))) @callee @binding
(call_expression
  arguments: (arguments (ternary_expression [
    (arrow_function parameters: (formal_parameters (required_parameter pattern: (identifier) @name !type)))
    (arrow_function parameter: (identifier) @name)
  ]))) @callee @binding
(required_parameter pattern: (identifier) @name !type) @binding
(optional_parameter pattern: (identifier) @name !type) @binding
; --- `const x: T = ...`, `const x = y as T`, `const x = new T()`, `let x = make()`
(variable_declarator name: (identifier) @name type: (type_annotation (_) @type)) @binding
(variable_declarator name: (identifier) @name value: (as_expression (_) "as" (_) @type)) @binding
(variable_declarator name: (identifier) @name value: (satisfies_expression (_) "satisfies" (_) @type)) @binding
(variable_declarator name: (identifier) @name value: (_) @value) @binding
(variable_declarator name: (identifier) @name !value) @binding
; --- `for (const x of xs)`: x is an element of xs
(for_in_statement left: (identifier) @name operator: "of" right: (_) @element) @binding

; ============================================================================================
; References
; ============================================================================================

; ---- imports ---------------------------------------------------------------------------------

; import { a, b as c, default as d } from 'm' (also `import type {...}`)
(import_statement
  (import_clause
    (named_imports
      (import_specifier
        name: _ @name
        !alias)))
  source: (string (string_fragment) @module)) @reference.import

(import_statement
  (import_clause
    (named_imports
      (import_specifier
        name: _ @name
        alias: (identifier) @alias)))
  source: (string (string_fragment) @module)) @reference.import

; import Default from 'm' (the whole module bound to a local name: no node spells `default`)
(import_statement
  (import_clause
    (identifier) @alias)
  source: (string (string_fragment) @module)) @reference.import

; import * as ns from 'm'
(import_statement
  (import_clause
    (namespace_import
      "*" @name
      (identifier) @alias))
  source: (string (string_fragment) @module)) @reference.import

; import 'm' (side effects only)
(import_statement
  .
  source: (string (string_fragment) @module)) @reference.import

; import fs = require('fs')
(import_statement
  (import_require_clause
    (identifier) @alias
    source: (string (string_fragment) @module))) @reference.import

; re-exports: export * from 'm' / export * as ns from 'm' / export { a, b as c } from 'm'
(export_statement
  "*" @name
  source: (string (string_fragment) @module)) @reference.import

(export_statement
  (namespace_export
    "*" @name
    (identifier) @alias)
  source: (string (string_fragment) @module)) @reference.import

(export_statement
  (export_clause
    (export_specifier
      name: _ @name
      !alias))
  source: (string (string_fragment) @module)) @reference.import

(export_statement
  (export_clause
    (export_specifier
      name: _ @name
      alias: _ @alias))
  source: (string (string_fragment) @module)) @reference.import

; `export { enumType as enum }`: the file exports a definition of its own under another name,
; an import of the file itself (a re-export followed to the original name)
(export_statement
  (export_clause
    (export_specifier
      name: (identifier) @name
      alias: _ @alias))
  !source) @reference.import

; const x = require('m') / const x = require('m').y / const { a, b: c } = require('m')
(variable_declarator
  name: (identifier) @alias
  value: (call_expression
    function: (identifier) @_require
    arguments: (arguments . (string (string_fragment) @module) .))
  (#eq? @_require "require")) @reference.import

(variable_declarator
  name: (identifier) @alias
  value: (member_expression
    object: (call_expression
      function: (identifier) @_require
      arguments: (arguments . (string (string_fragment) @module) .))
    property: (property_identifier) @name)
  (#eq? @_require "require")) @reference.import

(variable_declarator
  name: (object_pattern
    (shorthand_property_identifier_pattern) @name)
  value: (call_expression
    function: (identifier) @_require
    arguments: (arguments . (string (string_fragment) @module) .))
  (#eq? @_require "require")) @reference.import

(variable_declarator
  name: (object_pattern
    (pair_pattern
      key: (property_identifier) @name
      value: (identifier) @alias))
  value: (call_expression
    function: (identifier) @_require
    arguments: (arguments . (string (string_fragment) @module) .))
  (#eq? @_require "require")) @reference.import

; require('m') not bound to a name: `require('./setup')`, `module.exports = require('./lib')`,
; `app.use(require('m'))`, `require('debug')('app')`; and a dynamic `import('m')`
([
  (expression_statement
    (call_expression
      function: (identifier) @_require
      arguments: (arguments . (string (string_fragment) @module) .)) @reference.import)
  (assignment_expression
    right: (call_expression
      function: (identifier) @_require
      arguments: (arguments . (string (string_fragment) @module) .)) @reference.import)
  (arguments
    (call_expression
      function: (identifier) @_require
      arguments: (arguments . (string (string_fragment) @module) .)) @reference.import)
  (call_expression
    function: (call_expression
      function: (identifier) @_require
      arguments: (arguments . (string (string_fragment) @module) .)) @reference.import)
 ]
 (#eq? @_require "require"))

(call_expression
  function: (import)
  arguments: (arguments . (string (string_fragment) @module))) @reference.import

; ---- calls -----------------------------------------------------------------------------------

; f(), f<T>()
(call_expression
  function: (identifier) @name
  (#not-eq? @name "require")) @reference.call

; super(...) in a constructor: the base class's constructor
(call_expression function: (super) @name) @reference.call

; obj.m(), this.m(), super.m(), obj?.m()
(call_expression
  function: (member_expression
    object: [(identifier) (this) (super)] @qualifier
    property: [(property_identifier) (private_property_identifier)] @name)) @reference.call

; a.b.m(), a.b().m(), x!.m(): the receiver as written, unless it holds a function literal
; (`function () {...}.call(this)`, `p.then(x => {...}).catch(f)` would make a huge qualifier)
(call_expression
  function: (member_expression
    object: [
      (member_expression)
      (call_expression)
      (subscript_expression)
      (parenthesized_expression)
      (non_null_expression)
      (new_expression)
      (array)
      (string)
      (template_string)
      (regex)
    ] @qualifier
    property: [(property_identifier) (private_property_identifier)] @name)
  (#not-match? @qualifier "function|=>")) @reference.call

; ... and when it does, the callee of the receiving call stands for it: `p.then(...).catch(f)`
; is `catch` qualified by `p.then` (resolution only looks at the first segment)
(call_expression
  function: (member_expression
    object: (call_expression
      function: [(identifier) (member_expression)] @qualifier) @_receiver
    property: [(property_identifier) (private_property_identifier)] @name)
  (#match? @_receiver "function|=>")
  (#not-match? @qualifier "function|=>")) @reference.call

; new Foo(), new Foo<T>(), new ns.Foo()
(new_expression
  constructor: (identifier) @name) @reference.call

(new_expression
  constructor: (member_expression
    object: (_) @qualifier
    property: (property_identifier) @name)) @reference.call

; decorators without arguments: `@Injectable`, `@ng.Input` (with arguments they are calls above)
(decorator
  (identifier) @name) @reference.call

(decorator
  (member_expression
    object: (_) @qualifier
    property: (property_identifier) @name)) @reference.call

; ---- inheritance -----------------------------------------------------------------------------

; class A extends B / extends ns.B / extends B<T>
(extends_clause
  value: [(identifier) (member_expression)] @name) @reference.extends

; class A implements I, ns.J, K<T>
(implements_clause
  [
    (type_identifier) @name
    (nested_type_identifier) @name
    (generic_type name: [(type_identifier) (nested_type_identifier)] @name)
  ]) @reference.implements

; interface I extends J, ns.K, L<T>
(extends_type_clause
  type: [
    (type_identifier) @name
    (nested_type_identifier) @name
    (generic_type name: [(type_identifier) (nested_type_identifier)] @name)
  ]) @reference.extends

; ---- type uses -------------------------------------------------------------------------------

; type names in annotations, type arguments, unions, aliases, `as`/`satisfies` (single capital
; letters are taken for type parameters: `T`, `K`, `V`)
((primary_type/type_identifier) @name @reference.type
  (#not-any-of? @name "A" "B" "C" "D" "E" "F" "G" "H" "I" "J" "K" "L" "M" "N" "O" "P" "Q" "R" "S" "T" "U" "V" "W" "X" "Y" "Z"))

((generic_type
  name: (type_identifier) @name) @reference.type
  (#not-any-of? @name "A" "B" "C" "D" "E" "F" "G" "H" "I" "J" "K" "L" "M" "N" "O" "P" "Q" "R" "S" "T" "U" "V" "W" "X" "Y" "Z"))

; ns.Type
(primary_type/nested_type_identifier) @name @reference.type

(generic_type
  name: (nested_type_identifier) @name) @reference.type

; ---- reads and writes ------------------------------------------------------------------------

; identifiers in expression position (not declarations, parameters or property names)
((primary_expression/identifier) @name @reference.read
  (#not-eq? @name "require"))

; `{ a }` in an object literal reads a
(shorthand_property_identifier) @name @reference.read

; x = ..., x += ..., x++, [a, b] = ..., for (x of xs)
(assignment_expression
  left: (identifier) @name) @reference.write

(assignment_expression
  left: [
    (array_pattern (identifier) @name)
    (object_pattern (shorthand_property_identifier_pattern) @name)
  ]) @reference.write

(augmented_assignment_expression
  left: (identifier) @name) @reference.write

; `x += 1`, `x ??= y` also read x (as `x++` does through its argument)
(augmented_assignment_expression
  left: (identifier) @name @reference.read)

(update_expression
  argument: (identifier) @name) @reference.write

(for_in_statement
  !kind
  left: (identifier) @name) @reference.write

; ============================================================================================
; Cyclomatic complexity: decision points
; ============================================================================================

[
  (if_statement)
  (for_statement)
  (for_in_statement)
  (while_statement)
  (do_statement)
  (switch_case)
  (catch_clause)
  (ternary_expression)
] @branch

(binary_expression
  operator: ["&&" "||" "??"] @branch)

(augmented_assignment_expression
  operator: ["&&=" "||=" "??="] @branch)
