(module (expression_statement (assignment left: (identifier) @name) @definition.variable))
(class_definition body: (block (function_definition name: (identifier) @name) @definition.method))
(class_definition name: (identifier) @name) @definition.class
(function_definition name: (identifier) @name) @definition.function
(call function: [(identifier) @name (attribute object: (_) @qualifier attribute: (identifier) @name)]) @reference.call
(if_statement) @branch
