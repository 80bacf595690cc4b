; Python extraction queries (grammar: tree-sitter-python 0.25).
; Capture vocabulary: docs/captures.md. When two patterns capture the same node, the pattern
; that comes first in this file wins, so container-aware patterns precede the general ones.
; Decorated definitions: the definition node is the inner function_definition/class_definition,
; so a symbol's line is its `def`/`class` line (decorators are part of the wrapper, and comments
; above the decorators still document it).
; Cost: a pattern `(_ ["elif" ...] ...)` keeps one waiting state per keyword through the whole
; subtree of every named node it is tried on (every class and function body). The keywords are
; anchored instead, `(_ . ["elif" ...] ...)`: in the statements and clauses meant the keyword
; comes before any named child (after `async` at most), and anywhere else the first named child
; ends the wait. Same matches, and 40% less query CPU on CPython (15 s to 9 s).

; ============================================================================================
; Definitions
; ============================================================================================

; --- constructors: `__init__` directly in a class body (plain or decorated), with docstring
(class_definition
  body: (block
    (function_definition
      name: (identifier) @name
      return_type: (_)? @type
      body: (block . (expression_statement (string (string_content) @doc))?) @body) @definition.constructor)
  (#eq? @name "__init__"))
(class_definition
  body: (block
    (decorated_definition
      definition: (function_definition
        name: (identifier) @name
        return_type: (_)? @type
        body: (block . (expression_statement (string (string_content) @doc))?) @body) @definition.constructor))
  (#eq? @name "__init__"))

; --- properties: methods decorated with @property / @cached_property / @x.setter|getter|deleter
(class_definition
  body: (block
    (decorated_definition
      (decorator [(identifier) (attribute)] @_deco)
      definition: (function_definition
        name: (identifier) @name
        return_type: (_)? @type
        body: (block . (expression_statement (string (string_content) @doc))?) @body) @definition.property))
  (#match? @_deco "^(property|cached_property|abstractproperty|[A-Za-z_][A-Za-z0-9_.]*\\.(cached_property|abstractproperty|setter|getter|deleter))$"))

; --- methods: functions directly in a class body (plain or decorated)
(class_definition
  body: (block
    (function_definition
      name: (identifier) @name
      return_type: (_)? @type
      body: (block . (expression_statement (string (string_content) @doc))?) @body) @definition.method))
(class_definition
  body: (block
    (decorated_definition
      definition: (function_definition
        name: (identifier) @name
        return_type: (_)? @type
        body: (block . (expression_statement (string (string_content) @doc))?) @body) @definition.method)))

; --- methods defined conditionally in a class body (`if sys.version_info ...:`, `try:`),
;     one level deep, in the first block or an elif/else/except/finally block
(class_definition
  body: (block
    (_ . ["if" "try" "with"]
      (block [
        (function_definition
          name: (identifier) @name
          return_type: (_)? @type
          body: (block . (expression_statement (string (string_content) @doc))?) @body) @definition.method
        (decorated_definition
          definition: (function_definition
            name: (identifier) @name
            return_type: (_)? @type
            body: (block . (expression_statement (string (string_content) @doc))?) @body) @definition.method)
      ]))))
(class_definition
  body: (block
    (_
      (_ . ["elif" "else" "except" "finally"]
        (block [
          (function_definition
            name: (identifier) @name
            return_type: (_)? @type
            body: (block . (expression_statement (string (string_content) @doc))?) @body) @definition.method
          (decorated_definition
            definition: (function_definition
              name: (identifier) @name
              return_type: (_)? @type
              body: (block . (expression_statement (string (string_content) @doc))?) @body) @definition.method)
        ])))))

; --- functions: every other def (module level, nested in functions or in control flow)
(function_definition
  name: (identifier) @name
  return_type: (_)? @type
  body: (block . (expression_statement (string (string_content) @doc))?) @body) @definition.function

; --- enums: classes deriving from Enum, IntEnum, StrEnum, Flag, IntFlag (also `enum.Enum`)
(class_definition
  name: (identifier) @name
  superclasses: (argument_list [(identifier) (attribute)] @_base)
  body: (block . (expression_statement (string (string_content) @doc))?) @body
  (#match? @_base "^(enum\\.)?(Enum|IntEnum|StrEnum|Flag|IntFlag|ReprEnum)$")) @definition.enum

; --- interfaces: typing.Protocol classes (`Protocol`, `typing.Protocol`, `Protocol[T]`)
(class_definition
  name: (identifier) @name
  superclasses: (argument_list [
    (identifier) @_base
    (attribute) @_base
    (subscript value: [(identifier) (attribute)] @_base)
  ])
  body: (block . (expression_statement (string (string_content) @doc))?) @body
  (#match? @_base "^((typing|typing_extensions)\\.)?Protocol$")) @definition.interface

; --- classes: every other class statement, at any depth
(class_definition
  name: (identifier) @name
  return_type: (_)? @type
  body: (block . (expression_statement (string (string_content) @doc))?) @body) @definition.class

; --- enum members: assignments in the body of an Enum class are constants (for an alias
;     `A = B = 1` the outer name's range is the name only, as for fields below)
(class_definition
  superclasses: (argument_list [(identifier) (attribute)] @_base)
  body: (block
    (expression_statement
      (assignment left: (identifier) @name @definition.constant right: (assignment))))
  (#match? @_base "^(enum\\.)?(Enum|IntEnum|StrEnum|Flag|IntFlag|ReprEnum)$"))
(class_definition
  superclasses: (argument_list [(identifier) (attribute)] @_base)
  body: (block
    (expression_statement [
      (assignment left: (identifier) @name type: (_)? @type right: (_)? @value) @definition.constant
      (assignment right: (assignment left: (identifier) @name type: (_)? @type right: (_)? @value) @definition.constant)
    ]))
  (#match? @_base "^(enum\\.)?(Enum|IntEnum|StrEnum|Flag|IntFlag|ReprEnum)$"))

; --- fields: chained class-body assignments `a = b = 0`: the outer target's range is its name
;     only, so that the inner assignment does not nest in it
(class_definition
  body: (block
    (expression_statement
      (assignment left: (identifier) @name @definition.field right: (assignment)))))

; --- fields: class-body assignments (`x = 1`, `x: int`, `x: int = 0`, `a = b = 0`, `a, b = 1, 2`),
;     also one block deep in class-level control flow (`if sys.platform ...:  x = ...`)
(class_definition
  body: (block
    (expression_statement [
      (assignment left: (identifier) @name type: (_)? @type right: (_)? @value) @definition.field
      (assignment right: (assignment left: (identifier) @name type: (_)? @type right: (_)? @value) @definition.field)
      (assignment left: [(pattern_list (identifier) @name @definition.field)
                         (tuple_pattern (identifier) @name @definition.field)])
    ])))
(class_definition
  body: (block
    (_ . ["if" "try" "with" "for" "while"]
      (block (expression_statement (assignment left: (identifier) @name type: (_)? @type right: (_)? @value) @definition.field)))))
(class_definition
  body: (block
    (_ (_ . ["elif" "else" "except" "finally"]
      (block (expression_statement (assignment left: (identifier) @name type: (_)? @type right: (_)? @value) @definition.field))))))

; --- fields: instance attributes assigned in `__init__` (`self.x = ...` as a direct statement)
;     of a module-level class (plain or decorated). The field sits inside `__init__`, so the
;     class name is given as its container (`Class.x`); an explicit container cannot name an
;     outer class, hence classes nested in other definitions are left out.
(module
  (class_definition
    name: (identifier) @container
    body: (block
      (function_definition
        name: (identifier) @_init
        body: (block
          (expression_statement
            (assignment
              left: (attribute
                object: (identifier) @_self
                attribute: (identifier) @name)
                type: (_)? @type
                right: (_)? @value) @definition.field)))))
  (#eq? @_init "__init__")
  (#eq? @_self "self"))
(module
  (decorated_definition
    definition: (class_definition
      name: (identifier) @container
      body: (block
        (function_definition
          name: (identifier) @_init
          body: (block
            (expression_statement
              (assignment
                left: (attribute
                  object: (identifier) @_self
                  attribute: (identifier) @name)
                  type: (_)? @type
                  right: (_)? @value) @definition.field))))))
  (#eq? @_init "__init__")
  (#eq? @_self "self"))

;     An annotated `self.x: T = ...` in a block of `__init__` (under an if, else, try, with,
;     for: `if env is not None: self.env: BuildEnvironment = env`) declares the field too; only
;     annotated ones, so that a value assigned on two branches stays one field.
(module
  (class_definition
    name: (identifier) @container
    body: (block
      (function_definition
        name: (identifier) @_init
        body: (block
          [(_ (block (expression_statement
              (assignment
                left: (attribute object: (identifier) @_self attribute: (identifier) @name)
                type: (_) @type
                right: (_)? @value) @definition.field)))
           (_ (_ (block (expression_statement
              (assignment
                left: (attribute object: (identifier) @_self attribute: (identifier) @name)
                type: (_) @type
                right: (_)? @value) @definition.field))))]))))
  (#eq? @_init "__init__")
  (#eq? @_self "self"))

; --- type aliases: `type Alias = ...` / `type Alias[T] = ...` (PEP 695)
(type_alias_statement
  left: (type [(identifier) @name (generic_type (identifier) @name)])) @definition.type

; --- module-level type names: `T = TypeVar("T")`, `UserId = NewType(...)`, `X: TypeAlias = ...`
(module
  (expression_statement [
    (assignment
      left: (identifier) @name
      right: (call function: [(identifier) (attribute)] @_fn)
      (#match? @_fn "^((typing|typing_extensions)\\.)?(TypeVar|NewType|ParamSpec|TypeVarTuple)$")) @definition.type
    (assignment
      left: (identifier) @name
      type: (type [(identifier) (attribute)] @_ann)
      (#match? @_ann "^((typing|typing_extensions)\\.)?TypeAlias$")) @definition.type
  ]))

; --- module-level named tuples: `Point = namedtuple("Point", ...)` is a class
(module
  (expression_statement
    (assignment
      left: (identifier) @name
      right: (call function: [(identifier) (attribute)] @_fn)) @definition.class)
  (#match? @_fn "^(collections\\.|typing\\.)?(namedtuple|NamedTuple)$"))

; --- module-level chained assignments `A = b = 0` at top level: the outer target's range is its
;     name only, so that the inner assignment does not nest in it
(module
  (expression_statement
    (assignment left: (identifier) @name @definition.constant right: (assignment)))
  (#match? @name "^_*[A-Z][A-Z0-9_]*$"))
(module
  (expression_statement
    (assignment left: (identifier) @name @definition.variable right: (assignment))))

; --- module-level constants: ALL_CAPS names assigned at top level (`X = 1`, `X: int = 1`,
;     `A = B = 1`, `A, B = 1, 2`, `A, *B = ...`) or up to two blocks deep in top-level control
;     flow: `if`/`try`/`with`/`for`/`while` bodies and their elif/else/except/finally blocks
;     (there the inner target of a chained assignment is not a definition, like ctags).
;     The places below the top level share two patterns, one per first block (a statement's,
;     or an elif/else/except/finally clause's), their alternatives starting inside that block:
;     each pattern rooted at `module` keeps a state through the whole module, an alternative
;     that starts inside a block only through that block.
(module
  (expression_statement [
    (assignment left: (identifier) @name type: (_)? @type right: (_)? @value) @definition.constant
    (assignment right: (assignment left: (identifier) @name type: (_)? @type right: (_)? @value) @definition.constant)
    (assignment left: [(pattern_list (identifier) @name @definition.constant)
                       (tuple_pattern (identifier) @name @definition.constant)
                       (pattern_list (list_splat_pattern (identifier) @name @definition.constant))])])
  (#match? @name "^_*[A-Z][A-Z0-9_]*$"))
(module
  (_ . ["if" "try" "with" "for" "while"]
    (block [
      (expression_statement [
        (assignment left: (identifier) @name type: (_)? @type right: (_)? @value) @definition.constant
        (assignment left: [(pattern_list (identifier) @name @definition.constant)
                           (tuple_pattern (identifier) @name @definition.constant)])])
      (_ . ["if" "try" "with" "for" "while"]
        (block
          (expression_statement [
            (assignment left: (identifier) @name type: (_)? @type right: (_)? @value) @definition.constant
            (assignment left: [(pattern_list (identifier) @name @definition.constant)
                               (tuple_pattern (identifier) @name @definition.constant)])])))
      (_ (_ . ["elif" "else" "except" "finally"]
        (block
          (expression_statement [
            (assignment left: (identifier) @name type: (_)? @type right: (_)? @value) @definition.constant
            (assignment left: [(pattern_list (identifier) @name @definition.constant)
                               (tuple_pattern (identifier) @name @definition.constant)])]))))
    ]))
  (#match? @name "^_*[A-Z][A-Z0-9_]*$"))
(module
  (_ (_ . ["elif" "else" "except" "finally"]
    (block [
      (expression_statement [
        (assignment left: (identifier) @name type: (_)? @type right: (_)? @value) @definition.constant
        (assignment left: [(pattern_list (identifier) @name @definition.constant)
                           (tuple_pattern (identifier) @name @definition.constant)])])
      (_ . ["if" "try" "with" "for" "while"]
        (block
          (expression_statement [
            (assignment left: (identifier) @name type: (_)? @type right: (_)? @value) @definition.constant
            (assignment left: [(pattern_list (identifier) @name @definition.constant)
                               (tuple_pattern (identifier) @name @definition.constant)])])))
      (_ (_ . ["elif" "else" "except" "finally"]
        (block
          (expression_statement [
            (assignment left: (identifier) @name type: (_)? @type right: (_)? @value) @definition.constant
            (assignment left: [(pattern_list (identifier) @name @definition.constant)
                               (tuple_pattern (identifier) @name @definition.constant)])]))))
    ])))
  (#match? @name "^_*[A-Z][A-Z0-9_]*$"))

; --- module-level variables: every other module-level assignment target (same places)
(module
  (expression_statement [
    (assignment left: (identifier) @name type: (_)? @type right: (_)? @value) @definition.variable
    (assignment right: (assignment left: (identifier) @name type: (_)? @type right: (_)? @value) @definition.variable)
    (assignment left: [(pattern_list (identifier) @name @definition.variable)
                       (tuple_pattern (identifier) @name @definition.variable)
                       (pattern_list (list_splat_pattern (identifier) @name @definition.variable))])]))
(module
  (_ . ["if" "try" "with" "for" "while"]
    (block [
      (expression_statement [
        (assignment left: (identifier) @name type: (_)? @type right: (_)? @value) @definition.variable
        (assignment left: [(pattern_list (identifier) @name @definition.variable)
                           (tuple_pattern (identifier) @name @definition.variable)])])
      (_ . ["if" "try" "with" "for" "while"]
        (block
          (expression_statement [
            (assignment left: (identifier) @name type: (_)? @type right: (_)? @value) @definition.variable
            (assignment left: [(pattern_list (identifier) @name @definition.variable)
                               (tuple_pattern (identifier) @name @definition.variable)])])))
      (_ (_ . ["elif" "else" "except" "finally"]
        (block
          (expression_statement [
            (assignment left: (identifier) @name type: (_)? @type right: (_)? @value) @definition.variable
            (assignment left: [(pattern_list (identifier) @name @definition.variable)
                               (tuple_pattern (identifier) @name @definition.variable)])]))))
    ])))
(module
  (_ (_ . ["elif" "else" "except" "finally"]
    (block [
      (expression_statement [
        (assignment left: (identifier) @name type: (_)? @type right: (_)? @value) @definition.variable
        (assignment left: [(pattern_list (identifier) @name @definition.variable)
                           (tuple_pattern (identifier) @name @definition.variable)])])
      (_ . ["if" "try" "with" "for" "while"]
        (block
          (expression_statement [
            (assignment left: (identifier) @name type: (_)? @type right: (_)? @value) @definition.variable
            (assignment left: [(pattern_list (identifier) @name @definition.variable)
                               (tuple_pattern (identifier) @name @definition.variable)])])))
      (_ (_ . ["elif" "else" "except" "finally"]
        (block
          (expression_statement [
            (assignment left: (identifier) @name type: (_)? @type right: (_)? @value) @definition.variable
            (assignment left: [(pattern_list (identifier) @name @definition.variable)
                               (tuple_pattern (identifier) @name @definition.variable)])]))))
    ]))))

; ============================================================================================
; Local bindings: what the declarations of parameters and locals say their types are
; ============================================================================================

; --- parameters without an annotation: locals of unknown type (they hide outer names)
((parameters [(identifier) @name (default_parameter name: (identifier) @name)]) @binding
  (#not-any-of? @name "self" "cls"))
; --- annotated parameters (`env: Environment`, `env: "Environment" = None`)
(typed_parameter (identifier) @name type: (type) @type) @binding
(typed_default_parameter name: (identifier) @name type: (type) @type) @binding
; --- annotated and assigned names (`x: T = ...`, `x = T(...)`, `x = make()`, `x = self.env`)
(assignment left: (identifier) @name type: (type) @type) @binding
(assignment left: (identifier) @name right: (_) @value) @binding
; --- `for x in xs:` and comprehensions: x is an element of xs
; narrowing, inside the `if` block only: `if isinstance(x, T):` makes x a T there
(if_statement
  condition: (call
    function: (identifier) @_isinstance
    arguments: (argument_list . (identifier) @name . [(identifier) (attribute)] @type .))
  consequence: (block) @within
  (#eq? @_isinstance "isinstance")) @binding
(for_statement left: (identifier) @name right: (_) @element) @binding
(for_in_clause left: (identifier) @name right: (_) @element) @binding

; ============================================================================================
; References
; ============================================================================================

; --- imports: `import a.b`, `import a.b as c`
(import_statement name: (dotted_name) @module) @reference.import
(import_statement
  name: (aliased_import name: (dotted_name) @module alias: (identifier) @alias)) @reference.import

; --- imports: `from x import y`, `from x import y as z`, `from . import y`, `from ..p import *`
;     (relative modules keep their dots)
(import_from_statement
  module_name: [(dotted_name) (relative_import)] @module
  name: (dotted_name) @name) @reference.import
(import_from_statement
  module_name: [(dotted_name) (relative_import)] @module
  name: (aliased_import name: (dotted_name) @name alias: (identifier) @alias)) @reference.import
(import_from_statement
  module_name: [(dotted_name) (relative_import)] @module
  (wildcard_import) @name) @reference.import

; --- calls: `f()`, `obj.m()`, `pkg.mod.f()` (the receiver is the qualifier; `self.m()` is a
;     call on the current object)
(call function: (identifier) @name) @reference.call
(call
  function: (attribute
    object: (_) @qualifier
    attribute: (identifier) @name)) @reference.call

; --- calls: bare decorators `@cache`, `@functools.cache` apply (call) the decorator
;     (`@x.setter`-style property decorators are not calls of interest)
(decorator (identifier) @name) @reference.call
(decorator
  (attribute object: (_) @qualifier attribute: (identifier) @name) @_deco
  (#not-match? @_deco "\\.(setter|getter|deleter)$")) @reference.call

; --- extends: base classes in the class statement (`Base`, `mod.Base`, `Generic[T]`);
;     keyword arguments (`metaclass=M`) are not bases
(class_definition
  superclasses: (argument_list [
    (identifier) @name
    (attribute) @name
    (subscript value: [(identifier) (attribute)] @name)
  ])) @reference.extends

; --- type uses: names in annotations (parameters, returns, variables, type parameters),
;     including generics `list[Foo]`, unions `A | B`, `Callable[[A], B]`, dotted `mod.Foo`
(type [(identifier) (attribute)] @name @reference.type)
(generic_type (identifier) @name @reference.type)
(member_type) @name @reference.type
(splat_type (identifier) @name @reference.type)
(type (subscript value: [(identifier) (attribute)] @name @reference.type))
(type (subscript subscript: [(identifier) (attribute)] @name @reference.type))
(type (subscript subscript: (subscript [(identifier) (attribute)] @name @reference.type)))
(type (binary_operator [(identifier) (attribute)] @name @reference.type))
(type (binary_operator left: (binary_operator [(identifier) (attribute)] @name @reference.type)))
(type (list [(identifier) (attribute)] @name @reference.type))
(type_parameter (type (list [(identifier) (attribute)] @name @reference.type)))
; --- type uses: string forward references `"Foo"`, `"mod.Foo"`
(type
  (string (string_content) @name @reference.type)
  (#match? @name "^[A-Za-z_][A-Za-z0-9_.]*$"))
; --- type uses: exception classes named by `except E`, `except (A, B)`, `except E as e`
(except_clause value: [(identifier) (attribute)] @name @reference.type)
(except_clause value: (tuple [(identifier) (attribute)] @name @reference.type))
(except_clause value: (as_pattern [(identifier) (attribute)] @name @reference.type))
(except_clause value: (as_pattern (tuple [(identifier) (attribute)] @name @reference.type)))

; --- writes: assignment targets at any level (`x = ...`, `x: T = ...`, `a, b = ...`,
;     `a = b = ...`, `x += 1`, `for x in ...`, `(x := ...)`), and member targets (`o.x = ...`,
;     `o.x += 1`), which bind to a field or property of o's type (Rules::memberAccesses)
(assignment left: (identifier) @name @reference.write)
(assignment
  left: (attribute object: (_) @qualifier attribute: (identifier) @name) @reference.write)
(augmented_assignment
  left: (attribute object: (_) @qualifier attribute: (identifier) @name) @reference.write)
(assignment left: [(pattern_list (identifier) @name @reference.write)
                   (tuple_pattern (identifier) @name @reference.write)
                   (list_pattern (identifier) @name @reference.write)
                   (pattern_list (list_splat_pattern (identifier) @name @reference.write))])
(augmented_assignment left: (identifier) @name @reference.write)
(for_statement left: (identifier) @name @reference.write)
(for_statement left: [(pattern_list (identifier) @name @reference.write)
                      (tuple_pattern (identifier) @name @reference.write)])
(named_expression name: (identifier) @name @reference.write)

; --- reads: plain identifiers in expression position (member names after a dot, call targets,
;     keyword-argument names, parameters and definition names are not reads), and member reads
;     (`o.x` not called and not assigned), which bind to a field or property of o's type
(attribute object: (_) @qualifier attribute: (identifier) @name) @reference.read
(argument_list
  (identifier) @name @reference.read
  (#not-any-of? @name "self" "cls"))
(keyword_argument value: (identifier) @name @reference.read)
(attribute
  object: (identifier) @name @reference.read
  (#not-any-of? @name "self" "cls"))
(subscript (identifier) @name @reference.read)
(slice (identifier) @name @reference.read)
(binary_operator (identifier) @name @reference.read)
(boolean_operator (identifier) @name @reference.read)
(comparison_operator (identifier) @name @reference.read)
(not_operator argument: (identifier) @name @reference.read)
(unary_operator argument: (identifier) @name @reference.read)
(conditional_expression (identifier) @name @reference.read)
(assignment right: (identifier) @name @reference.read)
(augmented_assignment (identifier) @name @reference.read)
(named_expression value: (identifier) @name @reference.read)
(expression_list (identifier) @name @reference.read)
(list (identifier) @name @reference.read)
(tuple (identifier) @name @reference.read)
(set (identifier) @name @reference.read)
(pair (identifier) @name @reference.read)
(list_splat (identifier) @name @reference.read)
(dictionary_splat (identifier) @name @reference.read)
(parenthesized_expression (identifier) @name @reference.read)
(expression_statement (identifier) @name @reference.read)
(return_statement (identifier) @name @reference.read)
(yield (identifier) @name @reference.read)
(await (identifier) @name @reference.read)
(raise_statement (identifier) @name @reference.read)
(assert_statement (identifier) @name @reference.read)
(delete_statement (identifier) @name @reference.read)
(if_statement condition: (identifier) @name @reference.read)
(elif_clause condition: (identifier) @name @reference.read)
(while_statement condition: (identifier) @name @reference.read)
(for_statement right: (identifier) @name @reference.read)
(for_in_clause right: (identifier) @name @reference.read)
(if_clause (identifier) @name @reference.read)
(list_comprehension body: (identifier) @name @reference.read)
(set_comprehension body: (identifier) @name @reference.read)
(generator_expression body: (identifier) @name @reference.read)
(with_item value: (identifier) @name @reference.read)
(with_item value: (as_pattern . (identifier) @name @reference.read))
(lambda body: (identifier) @name @reference.read)
(default_parameter value: (identifier) @name @reference.read)
(typed_default_parameter value: (identifier) @name @reference.read)
(interpolation expression: (identifier) @name @reference.read)
(format_expression expression: (identifier) @name @reference.read)
(match_statement subject: (identifier) @name @reference.read)

; ============================================================================================
; Complexity: decision points (+1 each to the enclosing function or method)
; ============================================================================================

; if / elif, loops (including comprehension `for`), comprehension and case-guard `if`,
; each `except`, `and` / `or`, `x if c else y`, and each `case` arm except the wildcard `case _:`
[
  (if_statement)
  (elif_clause)
  (for_statement)
  (while_statement)
  (for_in_clause)
  (if_clause)
  (except_clause)
  (boolean_operator)
  (conditional_expression)
] @branch
(case_clause . (case_pattern (_))) @branch
