#pragma once
// Generated from src/store/schema.sql at configure time: the one place the schema lives.
namespace cg::store::generated {
inline constexpr const char* kSchemaSql = R"cgschema(@CG_SCHEMA_SQL@)cgschema";
}
