; JavaScript (+JSX) extraction queries. Capture vocabulary: docs/captures.md.
; When two patterns capture the same definition node (or the same name node) the first one in
; this file wins, so container-aware patterns come before the general ones.
; A declaration with a single declarator (`const f = () => {};`) is captured as the whole
; declaration (the doc comment sits above it, and the signature starts at `const`); with several
; declarators each declarator is its own definition.
; typescript/tags.scm repeats most of this file with TypeScript node names (the grammars differ in
; field_definition / public_field_definition, JSX and type_identifier names, so TypeScript cannot
; inherit this file).

; ============================================================================================
; Definitions
; ============================================================================================

; ---- class members -------------------------------------------------------------------------

; constructor() {...}
(method_definition
  name: (property_identifier) @name
  (#eq? @name "constructor")) @definition.constructor

; get x() {...} / set x(v) {...} (classes and object literals)
(method_definition
  ["get" "set"]
  name: [(property_identifier) (private_property_identifier)] @name) @definition.property

; methods of classes and object literals, including static, async, generator and #private ones
(method_definition
  name: [(property_identifier) (private_property_identifier)] @name) @definition.method

; a class field holding a function is a method: `handleClick = () => {...}`
(field_definition
  property: [(property_identifier) (private_property_identifier)] @name
  value: [
    (arrow_function body: (_) @body)
    (function_expression body: (_) @body)
    (generator_function body: (_) @body)
  ]) @definition.method

; class fields: `count = 0;`, `static x;`, `#secret;`
(field_definition
  property: [(property_identifier) (private_property_identifier)] @name
  value: (_)? @value) @definition.field

; members created in a constructor, with the class name as container (the constructor encloses
; them): `constructor() { this.onTick = () => {...}; this.items = []; }`; not the React binding
; `this.handle = this.handle.bind(this)` of a method that exists already
(class_declaration
  name: (identifier) @container
  body: (class_body
    (method_definition
      name: (property_identifier) @_ctor
      body: (statement_block
        (expression_statement
          (assignment_expression
            left: (member_expression
              object: (this)
              property: (property_identifier) @name)
            right: [
              (arrow_function body: (_) @body)
              (function_expression body: (_) @body)
              (generator_function body: (_) @body)
            ])) @definition.method)))
  (#eq? @_ctor "constructor"))

(class_declaration
  name: (identifier) @container
  body: (class_body
    (method_definition
      name: (property_identifier) @_ctor
      body: (statement_block
        (expression_statement
          (assignment_expression
            left: (member_expression
              object: (this)
              property: (property_identifier) @name)
            right: (_
              function: (member_expression
                object: (member_expression object: (this))
                property: (property_identifier) @_bind)?) @value)) @definition.field)))
  (#eq? @_ctor "constructor")
  (#not-eq? @_bind "bind"))

; methods and fields of an ES5 constructor function (capitalised name), nested in it by range:
; `function Layer() { this.name = n; this.handle = function () {...}; }`
(function_declaration
  name: (identifier) @_ctor
  body: (statement_block
    (expression_statement
      (assignment_expression
        left: (member_expression
          object: (this)
          property: (property_identifier) @name)
        right: [
          (arrow_function body: (_) @body)
          (function_expression body: (_) @body)
          (generator_function body: (_) @body)
        ])) @definition.method)
  (#match? @_ctor "^[A-Z]"))

(function_declaration
  name: (identifier) @_ctor
  body: (statement_block
    (expression_statement
      (assignment_expression
        left: (member_expression
          object: (this)
          property: (property_identifier) @name))) @definition.field)
  (#match? @_ctor "^[A-Z]"))

; ---- object literal members ----------------------------------------------------------------

; `{ key: function () {...} }`, `{ key: () => ... }`: a method of the object
(pair
  key: (property_identifier) @name
  value: [
    (arrow_function body: (_) @body)
    (function_expression body: (_) @body)
    (generator_function body: (_) @body)
  ]) @definition.method

; ---- functions assigned to members ---------------------------------------------------------

; module.exports = function name() {...}: the function's own name
(expression_statement
  (assignment_expression
    left: (member_expression
      object: (identifier) @_module
      property: (property_identifier) @_exports)
    right: [
      (function_expression name: (identifier) @name body: (_) @body)
      (generator_function name: (identifier) @name body: (_) @body)
    ])
  (#eq? @_module "module")
  (#eq? @_exports "exports")) @definition.function

; module.exports = class Name {...}
(expression_statement
  (assignment_expression
    left: (member_expression
      object: (identifier) @_module
      property: (property_identifier) @_exports)
    right: (class name: (identifier) @name body: (_) @body))
  (#eq? @_module "module")
  (#eq? @_exports "exports")) @definition.class

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
      (arrow_function body: (_) @body)
      (function_expression body: (_) @body)
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
      (arrow_function body: (_) @body)
      (function_expression body: (_) @body)
      (generator_function body: (_) @body)
    ])
  (#eq? @_proto "prototype")) @definition.method

; Foo.prototype.clear = hashClear; (a function defined elsewhere, also in a chain
; `A.prototype.add = A.prototype.push = f`): still a method of Foo; any other value is a property
(expression_statement
  (assignment_expression
    left: (member_expression
      object: (member_expression
        object: (identifier) @container
        property: (property_identifier) @_proto)
      property: (property_identifier) @name)
    right: [(identifier) (member_expression) (assignment_expression)])
  (#eq? @_proto "prototype")) @definition.method

(assignment_expression
  left: (member_expression
    object: (member_expression
      object: (identifier) @container
      property: (property_identifier) @_proto)
    property: (property_identifier) @name)
  right: [(identifier) (member_expression) (assignment_expression)]
  (#eq? @_proto "prototype")) @definition.method

(expression_statement
  (assignment_expression
    left: (member_expression
      object: (member_expression
        object: (identifier) @container
        property: (property_identifier) @_proto)
      property: (property_identifier) @name))
  (#eq? @_proto "prototype")) @definition.property

; Foo.prototype = { bar() {...}, baz: function () {...} }: members get `Foo` as container
(expression_statement
  (assignment_expression
    left: (member_expression
      object: (identifier) @name
      property: (property_identifier) @_proto)
    right: (object))
  (#eq? @_proto "prototype")) @scope

; this.handler = function () {...} (inside a constructor function or method)
(expression_statement
  (assignment_expression
    left: (member_expression
      object: (this)
      property: (property_identifier) @name)
    right: [
      (arrow_function body: (_) @body)
      (function_expression body: (_) @body)
      (generator_function body: (_) @body)
    ])) @definition.method

; app.handle = function handle() {...} / a.b.c = () => ...: function with the object as container
; (not `module.exports = function () {}`: an anonymous default export has no name)
(expression_statement
  (assignment_expression
    left: (member_expression
      object: [(identifier) (member_expression)] @container
      property: (property_identifier) @name)
    right: [
      (arrow_function body: (_) @body)
      (function_expression body: (_) @body)
      (generator_function body: (_) @body)
    ])
  (#not-eq? @container "module")) @definition.function

; the same inside a chain `res.set = res.header = function header() {...}` or an expression
(assignment_expression
  left: (member_expression
    object: (member_expression
      object: (identifier) @container
      property: (property_identifier) @_proto)
    property: (property_identifier) @name)
  right: [
    (arrow_function body: (_) @body)
    (function_expression body: (_) @body)
    (generator_function body: (_) @body)
  ]
  (#eq? @_proto "prototype")) @definition.method

(assignment_expression
  left: (member_expression
    object: [(identifier) (member_expression)] @container
    property: (property_identifier) @name)
  right: [
    (arrow_function body: (_) @body)
    (function_expression body: (_) @body)
    (generator_function body: (_) @body)
  ]
  (#not-eq? @container "module")) @definition.function

; ---- functions and classes bound to variables (any depth) ----------------------------------

; const f = () => {...}; / let f = function () {...}; / var f = function* () {...}; (one declarator)
[
  (lexical_declaration .
    (variable_declarator
      name: (identifier) @name
      value: [
        (arrow_function body: (_) @body)
        (function_expression body: (_) @body)
        (generator_function body: (_) @body)
      ]) .)
  (variable_declaration .
    (variable_declarator
      name: (identifier) @name
      value: [
        (arrow_function body: (_) @body)
        (function_expression body: (_) @body)
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
    (arrow_function body: (_) @body)
    (function_expression body: (_) @body)
    (generator_function body: (_) @body)
  ]) @definition.function

(variable_declarator
  name: (identifier) @name
  value: (class body: (_) @body)) @definition.class

; ---- declarations ----------------------------------------------------------------------------

; function f() {...}, function* g() {...} at any depth (nested functions are definitions too)
(function_declaration
  name: (identifier) @name) @definition.function

(generator_function_declaration
  name: (identifier) @name) @definition.function

; class Foo {...}, class expressions with a name
(class_declaration
  name: (identifier) @name) @definition.class

(class
  name: (identifier) @name) @definition.class

; named function expressions passed as arguments or returned: `defineGetter(req, 'ip', function ip() {})`
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

; ---- module-level variables and constants ----------------------------------------------------
; In the program, under `export`, and in the body of a top-level-style IIFE (the module scope of
; UMD/CommonJS bundles). `x = require('m')` and `x = require('m').y` bindings are imports, not
; definitions: the value pattern `(_ function: @_f object: (_ function: @_g)?)` exposes the callee
; so `#not-eq? ... "require"` can reject them without a regular expression over the whole value.

; const X = ...; (one declarator)
((program
   (lexical_declaration kind: "const" .
     (variable_declarator
       name: (identifier) @name
       value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)) .) @definition.constant)
 (#not-eq? @_f "require")
 (#not-eq? @_g "require"))

; let x; / var x = ...; (one declarator)
((program
   [
     (lexical_declaration kind: "let" .
       (variable_declarator
         name: (identifier) @name
         value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)?) .)
     (variable_declaration .
       (variable_declarator
         name: (identifier) @name
         value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)?) .)
   ] @definition.variable)
 (#not-eq? @_f "require")
 (#not-eq? @_g "require"))

; several declarators: `const A = 1, B = 2;` / `var a, b;`
((program
   (lexical_declaration kind: "const"
     (variable_declarator
       name: (identifier) @name
       value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)) @definition.constant))
 (#not-eq? @_f "require")
 (#not-eq? @_g "require"))

((program
   [
     (lexical_declaration kind: "let"
       (variable_declarator
         name: (identifier) @name
         value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)?) @definition.variable)
     (variable_declaration
       (variable_declarator
         name: (identifier) @name
         value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)?) @definition.variable)
   ])
 (#not-eq? @_f "require")
 (#not-eq? @_g "require"))

; export const X = ...; / export let x; (one declarator, then several)
(export_statement
  declaration: (lexical_declaration
    kind: "const"
    .
    (variable_declarator name: (identifier) @name)
    .) @definition.constant)

(export_statement
  declaration: [
    (lexical_declaration
      kind: "let"
      .
      (variable_declarator name: (identifier) @name)
      .)
    (variable_declaration
      .
      (variable_declarator name: (identifier) @name)
      .)
  ] @definition.variable)

(export_statement
  declaration: (lexical_declaration
    kind: "const"
    (variable_declarator name: (identifier) @name) @definition.constant))

(export_statement
  declaration: [
    (lexical_declaration
      kind: "let"
      (variable_declarator name: (identifier) @name) @definition.variable)
    (variable_declaration
      (variable_declarator name: (identifier) @name) @definition.variable)
  ])

; destructuring: `const { a, b: c, ...rest } = obj;`, `let [x, y] = pair;` (not from require())
(program
  (lexical_declaration
    kind: "const"
    (variable_declarator
      name: [
        (object_pattern (shorthand_property_identifier_pattern) @name @definition.constant)
        (object_pattern (pair_pattern value: (identifier) @name @definition.constant))
        (object_pattern (rest_pattern (identifier) @name @definition.constant))
        (array_pattern (identifier) @name @definition.constant)
        (array_pattern (rest_pattern (identifier) @name @definition.constant))
      ]
      value: (_ function: (_)? @_f)))
  (#not-eq? @_f "require"))

(program
  [
    (lexical_declaration
      kind: "let"
      (variable_declarator
        name: [
          (object_pattern (shorthand_property_identifier_pattern) @name @definition.variable)
          (object_pattern (pair_pattern value: (identifier) @name @definition.variable))
          (array_pattern (identifier) @name @definition.variable)
        ]
        value: (_ function: (_)? @_f)))
    (variable_declaration
      (variable_declarator
        name: [
          (object_pattern (shorthand_property_identifier_pattern) @name @definition.variable)
          (object_pattern (pair_pattern value: (identifier) @name @definition.variable))
          (array_pattern (identifier) @name @definition.variable)
        ]
        value: (_ function: (_)? @_f)))
  ]
  (#not-eq? @_f "require"))

; the body of a top-level IIFE, the module scope of UMD/CommonJS bundles:
; `(function () { var VERSION = '1.0'; })();`, `(function () {...}).call(this);`,
; `(function () {...}());`, `;(function () {...}.call(this));`, `!function () {...}();`
; (one declarator, then several)
(program
  (expression_statement
    [
      (call_expression
        function: (parenthesized_expression
          (_ body: (statement_block
            [
              (variable_declaration . (variable_declarator name: (identifier) @name value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)?) .) @definition.variable
              (lexical_declaration kind: "let" . (variable_declarator name: (identifier) @name value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)?) .) @definition.variable
              (lexical_declaration kind: "const" . (variable_declarator name: (identifier) @name value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)) .) @definition.constant
            ]))))
      (call_expression
        function: (member_expression
          object: (parenthesized_expression
            (_ body: (statement_block
              [
                (variable_declaration . (variable_declarator name: (identifier) @name value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)?) .) @definition.variable
                (lexical_declaration kind: "let" . (variable_declarator name: (identifier) @name value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)?) .) @definition.variable
                (lexical_declaration kind: "const" . (variable_declarator name: (identifier) @name value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)) .) @definition.constant
              ])))))
      (parenthesized_expression
        (call_expression
          function: (_ body: (statement_block
            [
              (variable_declaration . (variable_declarator name: (identifier) @name value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)?) .) @definition.variable
              (lexical_declaration kind: "let" . (variable_declarator name: (identifier) @name value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)?) .) @definition.variable
              (lexical_declaration kind: "const" . (variable_declarator name: (identifier) @name value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)) .) @definition.constant
            ]))))
      (parenthesized_expression
        (call_expression
          function: (member_expression
            object: (_ body: (statement_block
              [
                (variable_declaration . (variable_declarator name: (identifier) @name value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)?) .) @definition.variable
                (lexical_declaration kind: "let" . (variable_declarator name: (identifier) @name value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)?) .) @definition.variable
                (lexical_declaration kind: "const" . (variable_declarator name: (identifier) @name value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)) .) @definition.constant
              ])))))
      (unary_expression
        argument: (call_expression
          function: (_ body: (statement_block
            [
              (variable_declaration . (variable_declarator name: (identifier) @name value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)?) .) @definition.variable
              (lexical_declaration kind: "let" . (variable_declarator name: (identifier) @name value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)?) .) @definition.variable
              (lexical_declaration kind: "const" . (variable_declarator name: (identifier) @name value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)) .) @definition.constant
            ]))))
    ])
  (#not-eq? @_f "require")
  (#not-eq? @_g "require"))

(program
  (expression_statement
    [
      (call_expression
        function: (parenthesized_expression
          (_ body: (statement_block
            [
              (variable_declaration (variable_declarator name: (identifier) @name value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)?) @definition.variable)
              (lexical_declaration kind: "let" (variable_declarator name: (identifier) @name value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)?) @definition.variable)
              (lexical_declaration kind: "const" (variable_declarator name: (identifier) @name value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)) @definition.constant)
            ]))))
      (call_expression
        function: (member_expression
          object: (parenthesized_expression
            (_ body: (statement_block
              [
                (variable_declaration (variable_declarator name: (identifier) @name value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)?) @definition.variable)
                (lexical_declaration kind: "let" (variable_declarator name: (identifier) @name value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)?) @definition.variable)
                (lexical_declaration kind: "const" (variable_declarator name: (identifier) @name value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)) @definition.constant)
              ])))))
      (parenthesized_expression
        (call_expression
          function: (_ body: (statement_block
            [
              (variable_declaration (variable_declarator name: (identifier) @name value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)?) @definition.variable)
              (lexical_declaration kind: "let" (variable_declarator name: (identifier) @name value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)?) @definition.variable)
              (lexical_declaration kind: "const" (variable_declarator name: (identifier) @name value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)) @definition.constant)
            ]))))
      (parenthesized_expression
        (call_expression
          function: (member_expression
            object: (_ body: (statement_block
              [
                (variable_declaration (variable_declarator name: (identifier) @name value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)?) @definition.variable)
                (lexical_declaration kind: "let" (variable_declarator name: (identifier) @name value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)?) @definition.variable)
                (lexical_declaration kind: "const" (variable_declarator name: (identifier) @name value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)) @definition.constant)
              ])))))
      (unary_expression
        argument: (call_expression
          function: (_ body: (statement_block
            [
              (variable_declaration (variable_declarator name: (identifier) @name value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)?) @definition.variable)
              (lexical_declaration kind: "let" (variable_declarator name: (identifier) @name value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)?) @definition.variable)
              (lexical_declaration kind: "const" (variable_declarator name: (identifier) @name value: (_ function: (_)? @_f object: (_ function: (_)? @_g)?)) @definition.constant)
            ]))))
    ])
  (#not-eq? @_f "require")
  (#not-eq? @_g "require"))

; ============================================================================================
; References
; ============================================================================================

; ---- imports ---------------------------------------------------------------------------------

; import { a, b as c, default as d } from 'm'
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

; const x = require('m')
(variable_declarator
  name: (identifier) @alias
  value: (call_expression
    function: (identifier) @_require
    arguments: (arguments . (string (string_fragment) @module) .))
  (#eq? @_require "require")) @reference.import

; const x = require('m').y
(variable_declarator
  name: (identifier) @alias
  value: (member_expression
    object: (call_expression
      function: (identifier) @_require
      arguments: (arguments . (string (string_fragment) @module) .))
    property: (property_identifier) @name)
  (#eq? @_require "require")) @reference.import

; const { a, b: c } = require('m')
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
; `app.use(require('m'))`, `require('debug')('app')`
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

; import('m'): a dynamic import
(call_expression
  function: (import)
  arguments: (arguments . (string (string_fragment) @module))) @reference.import

; ---- calls -----------------------------------------------------------------------------------

; f()
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

; a.b.m(), a.b().m(), [1, 2].map(): the receiver as written, unless it holds a function literal
; (`function () {...}.call(this)`, `p.then(x => {...}).catch(f)` would make a huge qualifier)
(call_expression
  function: (member_expression
    object: [
      (member_expression)
      (call_expression)
      (subscript_expression)
      (parenthesized_expression)
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

; new Foo(), new ns.Foo()
(new_expression
  constructor: (identifier) @name) @reference.call

(new_expression
  constructor: (member_expression
    object: (_) @qualifier
    property: (property_identifier) @name)) @reference.call

; decorators without arguments: `@sealed class ...` (with arguments they are calls above)
(decorator
  (identifier) @name) @reference.call

(decorator
  (member_expression
    object: (_) @qualifier
    property: (property_identifier) @name)) @reference.call

; JSX components are calls (capitalised names; lowercase tags are HTML elements):
; <Button />, <Layout>...</Layout>
((jsx_opening_element
  name: (identifier) @name) @reference.call
  (#match? @name "^[A-Z]"))

((jsx_self_closing_element
  name: (identifier) @name) @reference.call
  (#match? @name "^[A-Z]"))

; <ui.Card>, <Foo.Bar />
(jsx_opening_element
  name: (member_expression
    object: (_) @qualifier
    property: (property_identifier) @name)) @reference.call

(jsx_self_closing_element
  name: (member_expression
    object: (_) @qualifier
    property: (property_identifier) @name)) @reference.call

; ... and the object of a member tag is read: `<ThemeContext.Provider>` reads ThemeContext
(jsx_opening_element
  name: (member_expression
    object: (identifier) @name @reference.read))

(jsx_self_closing_element
  name: (member_expression
    object: (identifier) @name @reference.read))

; ---- inheritance -----------------------------------------------------------------------------

; class A extends B / extends ns.B
(class_heritage
  [(identifier) (member_expression)] @name) @reference.extends

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
; Local bindings: what the declarations of parameters and locals say their values are
; (typescript/tags.scm has the same with type annotations)
; ============================================================================================

; --- parameters of a function passed to a call, typed by the callee's signature
(call_expression
  arguments: (arguments [
    (arrow_function parameters: (formal_parameters (identifier) @name))
    (arrow_function parameter: (identifier) @name)
    (function_expression parameters: (formal_parameters (identifier) @name))
  ])) @callee @binding
(new_expression
  arguments: (arguments [
    (arrow_function parameters: (formal_parameters (identifier) @name))
    (arrow_function parameter: (identifier) @name)
    (function_expression parameters: (formal_parameters (identifier) @name))
  ])) @callee @binding
; --- any other parameter: a local of unknown type (it hides the names outside the function)
(formal_parameters (identifier) @name) @binding
(formal_parameters (assignment_pattern left: (identifier) @name)) @binding
(arrow_function parameter: (identifier) @name) @binding
; --- narrowing, inside the `if` block only: `if (x instanceof T) {...}` makes x a T there
(if_statement
  condition: (parenthesized_expression
    (binary_expression left: (identifier) @name operator: "instanceof" right: (_) @type))
  consequence: (_) @within) @binding
; --- `const x = new T()`, `let x = make()`, `var x;` (not `x = require("m")`: an import)
(variable_declarator name: (identifier) @name value: (_) @value
  (#not-match? @value "^require[ \t]*\\(")) @binding
(variable_declarator name: (identifier) @name !value) @binding
; --- `for (const x of xs)`: x is an element of xs
(for_in_statement left: (identifier) @name operator: "of" right: (_) @element) @binding

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
