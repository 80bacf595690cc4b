; Go extraction queries (grammar: tree-sitter-go 0.25).
; Capture vocabulary: docs/captures.md. When two patterns capture the same node (or the same
; name node), the pattern that comes first in this file wins.
; Declarations that name several identifiers (`X, Y int`, `var a, b = 1, 2`) define one symbol
; per name; there the name itself is the symbol's node, so that the names do not nest in each
; other (a single-name declaration spans the whole spec).

; ============================================================================================
; Definitions
; ============================================================================================

; --- package clause: the file's package name
(package_clause (package_identifier) @name) @package

; --- methods: the receiver's type (pointer and type arguments stripped) is the container,
;     so `func (s *Server) Start()` is `Server.Start`; the receiver's name (`s`) is the current
;     object: `s.m()` in the body is a call on `self`
(method_declaration
  receiver: (parameter_list
    (parameter_declaration
      name: (identifier)? @receiver
      type: [
        (type_identifier) @container
        (pointer_type (type_identifier) @container)
        (generic_type type: (type_identifier) @container)
        (pointer_type (generic_type type: (type_identifier) @container))
        (parenthesized_type (type_identifier) @container)
        (parenthesized_type (pointer_type (type_identifier) @container))
        (pointer_type (parenthesized_type (type_identifier) @container))
      ]))
  name: (field_identifier) @name
  result: (_)? @type
  body: (block)? @body) @definition.method
; --- methods whose receiver names no local type (invalid code, e.g. `func (time.Time) M()`)
(method_declaration
  name: (field_identifier) @name
  result: (_)? @type
  body: (block)? @body) @definition.method

; --- functions (`@type`: the result type; of several results, the first)
(function_declaration
  name: (identifier) @name
  result: (_)? @type
  body: (block)? @body) @definition.function

; --- struct types (`type S struct {...}`, `type S = struct {...}`, also generic and local
;     ones); a declaration of a single type spans `type ...` (its signature reads
;     `type S struct`), a grouped one spans the spec
((type_declaration
  . [(type_spec name: (type_identifier) @name type: (struct_type))
     (type_alias name: (type_identifier) @name type: (struct_type))] .) @_decl @definition.struct
  (#not-match? @_decl "^type\\s*[(]"))
[
  (type_spec name: (type_identifier) @name type: (struct_type))
  (type_alias name: (type_identifier) @name type: (struct_type))
] @definition.struct

; --- interface types (same forms)
((type_declaration
  . [(type_spec name: (type_identifier) @name type: (interface_type))
     (type_alias name: (type_identifier) @name type: (interface_type))] .) @_decl @definition.interface
  (#not-match? @_decl "^type\\s*[(]"))
[
  (type_spec name: (type_identifier) @name type: (interface_type))
  (type_alias name: (type_identifier) @name type: (interface_type))
] @definition.interface

; --- other named types (`type N int`, `type F func()`) and aliases (`type A = B`)
((type_declaration
  . [(type_spec name: (type_identifier) @name) (type_alias name: (type_identifier) @name type: (_) @type)] .) @_decl @definition.type
  (#not-match? @_decl "^type\\s*[(]"))
[
  (type_spec name: (type_identifier) @name)
  (type_alias name: (type_identifier) @name type: (_) @type)
] @definition.type

; --- interface method specifications (`Read(p []byte) (int, error)`) of named interface types
[
  (type_spec type: (interface_type (method_elem name: (field_identifier) @name result: (_)? @type) @definition.method))
  (type_alias type: (interface_type (method_elem name: (field_identifier) @name result: (_)? @type) @definition.method))
]

; --- struct fields of named struct types (`type S struct`, `type S = struct`) and of anonymous
;     structs that are the type of a field (`Inner struct { A int }`); several names in one
;     declaration (`X, Y int`) are one field each (the name is the node)
[
  (type_spec type: (struct_type (field_declaration_list [
    (field_declaration name: (field_identifier) @name @definition.field name: (field_identifier) type: (_) @type)
    (field_declaration name: (field_identifier) name: (field_identifier) @name @definition.field type: (_) @type)])))
  (type_alias type: (struct_type (field_declaration_list [
    (field_declaration name: (field_identifier) @name @definition.field name: (field_identifier) type: (_) @type)
    (field_declaration name: (field_identifier) name: (field_identifier) @name @definition.field type: (_) @type)])))
  (field_declaration type: (struct_type (field_declaration_list [
    (field_declaration name: (field_identifier) @name @definition.field name: (field_identifier) type: (_) @type)
    (field_declaration name: (field_identifier) name: (field_identifier) @name @definition.field type: (_) @type)])))
]
[
  (type_spec type: (struct_type (field_declaration_list
    (field_declaration name: (field_identifier) @name type: (_) @type) @definition.field)))
  (type_alias type: (struct_type (field_declaration_list
    (field_declaration name: (field_identifier) @name type: (_) @type) @definition.field)))
  (field_declaration type: (struct_type (field_declaration_list
    (field_declaration name: (field_identifier) @name type: (_) @type) @definition.field)))
]

; --- package-level constants (`const C = 1`, `const ( A = iota; B )`): several names in one
;     spec are one constant each (the name is the node); a single spec in its own declaration
;     spans `const ...`; the blank identifier `_` defines nothing
;     (const_spec's second name carries no field, hence the field-less child patterns)
(source_file
  (const_declaration [
    (const_spec (identifier) @name @definition.constant (identifier))
    (const_spec (identifier) (identifier) @name @definition.constant)
  ])
  (#not-eq? @name "_"))
(source_file
  (const_declaration
    . (const_spec . (identifier) @name) .
  ) @_decl @definition.constant
  (#not-match? @_decl "^const\\s*[(]")
  (#not-eq? @name "_"))
(source_file
  (const_declaration
    (const_spec . (identifier) @name) @definition.constant)
  (#not-eq? @name "_"))

; --- package-level variables (`var V = 1`, `var ( W, Z int )`), same rules
(source_file
  (var_declaration [
    (var_spec (identifier) @name @definition.variable (identifier))
    (var_spec (identifier) (identifier) @name @definition.variable)
    (var_spec_list (var_spec (identifier) @name @definition.variable (identifier)))
    (var_spec_list (var_spec (identifier) (identifier) @name @definition.variable))
  ])
  (#not-eq? @name "_"))
(source_file
  (var_declaration
    . (var_spec . (identifier) @name type: (_)? @type value: (expression_list . (_) @value)?) .) @definition.variable
  (#not-eq? @name "_"))
(source_file
  (var_declaration
    (var_spec_list (var_spec . (identifier) @name type: (_)? @type value: (expression_list . (_) @value)?) @definition.variable))
  (#not-eq? @name "_"))

; ============================================================================================
; Local bindings: what the declarations of parameters and locals say their types are
; ============================================================================================

; --- parameters and receivers (`s Store`, `a, b *T`), `var x T`
(parameter_declaration name: (identifier) @name type: (_) @type) @binding
(var_spec name: (identifier) @name type: (_) @type) @binding
; --- `v := x.(T)`, `v, ok := x.(T)`; `p := new(T)`; then any initialiser (`T{}`, `&T{}`,
;     `NewT()`, `pkg.NewT()`, `x.field`, `x.Method()`): the first name takes the first value
(short_var_declaration
  left: (expression_list . (identifier) @name)
  right: (expression_list . (type_assertion_expression type: (_) @type))) @binding
(short_var_declaration
  left: (expression_list . (identifier) @name)
  right: (expression_list . (call_expression
    function: (identifier) @_new
    arguments: (argument_list . (_) @type)))
  (#eq? @_new "new")) @binding
(short_var_declaration
  left: (expression_list . (identifier) @name)
  right: (expression_list . (_) @value)) @binding
(var_spec
  name: (identifier) @name
  !type
  value: (expression_list . (_) @value)) @binding
; --- `for _, v := range xs`: v is an element of xs (a map's value); a lone `for k := range`
;     variable is an index or key, of no type we follow
(range_clause
  left: (expression_list . (_) . (identifier) @name)
  right: (_) @element) @binding
(range_clause left: (expression_list (identifier) @name)) @binding

; ============================================================================================
; References
; ============================================================================================

; --- imports: `"fmt"`, `f "fmt"`, `_ "embed"`, `. "strings"` (the path without quotes is the
;     module; a name before the path is the alias)
(import_spec
  name: [(package_identifier) (blank_identifier) (dot)] @alias
  path: (_) @module) @reference.import
(import_spec
  !name
  path: (_) @module) @reference.import

; --- calls: `f()`, `pkg.F()`, `obj.M()`, `a.b.M()` (what precedes the last dot is the qualifier)
(call_expression function: (identifier) @name) @reference.call
(call_expression
  function: (selector_expression
    operand: (_) @qualifier
    field: (field_identifier) @name)) @reference.call
; --- calls of generic functions with explicit type arguments: `F[int](x)`, `pkg.F[int](x)`
(call_expression
  function: (index_expression operand: (identifier) @name)) @reference.call
(call_expression
  function: (index_expression
    operand: (selector_expression operand: (_) @qualifier field: (field_identifier) @name))) @reference.call
(type_conversion_expression
  type: (generic_type type: [(type_identifier) @name
                             (qualified_type package: (package_identifier) @qualifier
                                             name: (type_identifier) @name)])) @reference.call

; --- extends: embedded struct fields (`io.Reader`, `*Base`) and embedded interfaces
(field_declaration
  !name
  type: [
    (type_identifier) @name
    (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name)
    (generic_type type: (type_identifier) @name)
    (generic_type type: (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name))
  ]) @reference.extends
(interface_type
  (type_elem . [
    (type_identifier) @name
    (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name)
    (generic_type type: (type_identifier) @name)
    (generic_type type: (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name))
  ] .)) @reference.extends

; --- type uses: every type name in a signature, declaration or body; `pkg.T` keeps `pkg` as
;     the qualifier (so the parents of a bare type name are listed: not qualified_type, and not
;     the name being declared by type_spec/type_alias)
(qualified_type
  package: (package_identifier) @qualifier
  name: (type_identifier) @name) @reference.type
(type_spec type: (type_identifier) @name @reference.type)
(type_alias type: (type_identifier) @name @reference.type)
[
  (argument_list (type_identifier) @name @reference.type)
  (array_type (type_identifier) @name @reference.type)
  (channel_type (type_identifier) @name @reference.type)
  (composite_literal (type_identifier) @name @reference.type)
  (const_spec (type_identifier) @name @reference.type)
  (field_declaration (type_identifier) @name @reference.type)
  (func_literal (type_identifier) @name @reference.type)
  (function_declaration (type_identifier) @name @reference.type)
  (function_type (type_identifier) @name @reference.type)
  (generic_type (type_identifier) @name @reference.type)
  (implicit_length_array_type (type_identifier) @name @reference.type)
  (map_type (type_identifier) @name @reference.type)
  (method_declaration (type_identifier) @name @reference.type)
  (method_elem (type_identifier) @name @reference.type)
  (negated_type (type_identifier) @name @reference.type)
  (parameter_declaration (type_identifier) @name @reference.type)
  (parenthesized_type (type_identifier) @name @reference.type)
  (pointer_type (type_identifier) @name @reference.type)
  (slice_type (type_identifier) @name @reference.type)
  (type_assertion_expression (type_identifier) @name @reference.type)
  (type_case (type_identifier) @name @reference.type)
  (type_constraint (type_identifier) @name @reference.type)
  (type_conversion_expression (type_identifier) @name @reference.type)
  (type_elem (type_identifier) @name @reference.type)
  (type_instantiation_expression (type_identifier) @name @reference.type)
  (var_spec (type_identifier) @name @reference.type)
  (variadic_parameter_declaration (type_identifier) @name @reference.type)
]

; --- writes: assignment targets (`x = ...`, `a, b = ...`, `x += 1`, `x++`, `x--`);
;     `:=` always declares locals and is not a write to a package variable
(assignment_statement
  left: (expression_list (identifier) @name @reference.write)
  (#not-eq? @name "_"))
(inc_statement (identifier) @name @reference.write)
(dec_statement (identifier) @name @reference.write)

; --- reads: plain identifiers in expression position (not field names after a dot, not names
;     being declared, not call targets)
(argument_list (identifier) @name @reference.read)
(selector_expression operand: (identifier) @name @reference.read)
; `pkg.Var`, `pkg.Const`: a package-level name of an imported package (the extractor keeps a
; qualified read only when the qualifier is a name the file's imports bind, and never the callee
; of a call, so `obj.field` and `fmt.Println` give no read)
(selector_expression operand: (identifier) @qualifier field: (field_identifier) @name) @reference.read
(index_expression (identifier) @name @reference.read)
(slice_expression (identifier) @name @reference.read)
(binary_expression (identifier) @name @reference.read)
(unary_expression operand: (identifier) @name @reference.read)
(parenthesized_expression (identifier) @name @reference.read)
(type_assertion_expression operand: (identifier) @name @reference.read)
(type_conversion_expression operand: (identifier) @name @reference.read)
(assignment_statement right: (expression_list (identifier) @name @reference.read))
(assignment_statement
  left: (expression_list (identifier) @name @reference.read)
  operator: ["+=" "-=" "*=" "/=" "%=" "&=" "|=" "^=" "<<=" ">>=" "&^="])
(inc_statement (identifier) @name @reference.read)
(dec_statement (identifier) @name @reference.read)
(short_var_declaration right: (expression_list (identifier) @name @reference.read))
(var_spec value: (expression_list (identifier) @name @reference.read))
(const_spec value: (expression_list (identifier) @name @reference.read))
(return_statement (expression_list (identifier) @name @reference.read))
(expression_case value: (expression_list (identifier) @name @reference.read))
(literal_value (literal_element (identifier) @name @reference.read))
(keyed_element value: (literal_element (identifier) @name @reference.read))
(if_statement condition: (identifier) @name @reference.read)
(for_statement (identifier) @name @reference.read)
(for_clause condition: (identifier) @name @reference.read)
(range_clause right: (identifier) @name @reference.read)
(expression_switch_statement value: (identifier) @name @reference.read)
(type_switch_statement value: (identifier) @name @reference.read)
(send_statement (identifier) @name @reference.read)
(receive_statement right: (unary_expression operand: (identifier) @name @reference.read))
(expression_statement (identifier) @name @reference.read)
(go_statement (identifier) @name @reference.read)
(defer_statement (identifier) @name @reference.read)

; ============================================================================================
; Complexity: decision points (+1 each to the enclosing function or method)
; ============================================================================================

; `if` (each `else if` is a nested if), `for`, each non-default `case` of a switch, type switch
; or select, and `&&` / `||`
[
  (if_statement)
  (for_statement)
  (expression_case)
  (type_case)
  (communication_case)
] @branch
; (the operator token itself is captured: a pattern on binary_expression with an operator child
; keeps a state per enclosing binary_expression and turns quadratic on long `a + b + ...` chains)
["&&" "||"] @branch
