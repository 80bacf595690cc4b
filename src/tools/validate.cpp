// validateArguments: the one generic check of tool arguments against a tool's inputSchema.
//
// Supported JSON Schema keywords (what our tools use): type (a name or an array of names:
// object, string, integer, number, boolean, array, null), required, properties,
// additionalProperties:false, enum, minimum, maximum, minLength, maxLength, items, minItems,
// maxItems. Other keywords (description, default, title, ...) are ignored. An integer accepts
// an integral floating-point value (2.0) because JSON does not distinguish them; 1.5 is not one.
//
// Every failure is one sentence that names the argument (a dotted/indexed path for nested
// values, e.g. 'relations[2]') and says what is allowed, for an agent to correct its call.
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "codegraph/tools/tool.h"

namespace cg::tools {
namespace {

constexpr size_t kMaxShownValueBytes = 80;

// The offending value as JSON, shortened; never throws on invalid UTF-8.
std::string shown(const Json& value) {
  std::string s = value.dump(-1, ' ', false, Json::error_handler_t::replace);
  if (s.size() > kMaxShownValueBytes) {
    size_t cut = kMaxShownValueBytes;
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
    s = s.substr(0, cut) + "...";
  }
  return s;
}

// Enum values and bounds as an agent would type them: strings bare, the rest as JSON.
std::string plain(const Json& value) {
  if (value.is_string()) return value.get<std::string>();
  return shown(value);
}

std::string joinPlain(const Json& values) {
  std::string out;
  for (const auto& v : values) {
    if (!out.empty()) out += ", ";
    out += plain(v);
  }
  return out;
}

bool isIntegral(const Json& v) {
  if (v.is_number_integer()) return true;
  if (!v.is_number_float()) return false;
  double d = v.get<double>();
  return std::isfinite(d) && std::trunc(d) == d;
}

bool hasType(const Json& v, const std::string& type) {
  if (type == "object") return v.is_object();
  if (type == "string") return v.is_string();
  if (type == "integer") return isIntegral(v);
  if (type == "number") return v.is_number();
  if (type == "boolean") return v.is_boolean();
  if (type == "array") return v.is_array();
  if (type == "null") return v.is_null();
  return true;  // a type name we do not know constrains nothing
}

std::string withArticle(const std::string& type) {
  if (type == "null") return "null";
  bool vowel = !type.empty() && std::string("aeiou").find(type[0]) != std::string::npos;
  return (vowel ? "an " : "a ") + type;
}

// The schema's declared type names (a string or an array of strings), in order.
std::vector<std::string> typeNames(const Json& schema) {
  std::vector<std::string> names;
  auto it = schema.find("type");
  if (it == schema.end()) return names;
  if (it->is_string()) names.push_back(it->get<std::string>());
  if (it->is_array())
    for (const auto& t : *it)
      if (t.is_string()) names.push_back(t.get<std::string>());
  return names;
}

// "string", "string or null": used in "Missing required argument 'x' (string)."
std::string describeType(const Json& schema) {
  auto names = typeNames(schema);
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += (i + 1 == names.size()) ? " or " : ", ";
    out += names[i];
  }
  return out;
}

// A non-negative integer keyword (minLength, maxItems, ...), if the schema has one.
std::optional<size_t> count(const Json& schema, const char* key) {
  auto it = schema.find(key);
  if (it == schema.end() || !it->is_number_integer() || it->get<int64_t>() < 0) return std::nullopt;
  return static_cast<size_t>(it->get<int64_t>());
}

size_t codePoints(const std::string& s) {
  size_t n = 0;
  for (unsigned char c : s)
    if ((c & 0xC0) != 0x80) ++n;
  return n;
}

std::string invalid(const std::string& path, const std::string& what, const Json& got) {
  return "Invalid argument '" + path + "': " + what + " (got " + shown(got) + ").";
}

std::optional<std::string> checkValue(const Json& schema, const Json& value,
                                      const std::string& path);

std::optional<std::string> checkObject(const Json& schema, const Json& value,
                                       const std::string& prefix) {
  static const Json kEmpty = Json::object();
  auto propsIt = schema.find("properties");
  const Json& props = (propsIt != schema.end() && propsIt->is_object()) ? *propsIt : kEmpty;
  auto name = [&](const std::string& key) { return prefix.empty() ? key : prefix + "." + key; };

  // Unknown fields first: a misspelt name also shows up as a missing one, and the list of
  // allowed names is the more useful answer.
  auto addIt = schema.find("additionalProperties");
  if (addIt != schema.end() && addIt->is_boolean() && !addIt->get<bool>()) {
    for (const auto& [key, _] : value.items()) {
      if (props.contains(key)) continue;
      std::string allowed;
      for (const auto& [p, __] : props.items()) allowed += (allowed.empty() ? "" : ", ") + p;
      if (allowed.empty()) return "Unknown argument '" + name(key) + "'; this takes no arguments.";
      return "Unknown argument '" + name(key) + "'; allowed: " + allowed + ".";
    }
  }

  auto reqIt = schema.find("required");
  if (reqIt != schema.end() && reqIt->is_array()) {
    for (const auto& r : *reqIt) {
      if (!r.is_string() || value.contains(r.get<std::string>())) continue;
      std::string key = r.get<std::string>();
      std::string type = props.contains(key) ? describeType(props[key]) : "";
      return "Missing required argument '" + name(key) + "'" +
             (type.empty() ? "" : " (" + type + ")") + ".";
    }
  }

  for (const auto& [key, propSchema] : props.items()) {
    auto v = value.find(key);
    if (v == value.end() || !propSchema.is_object()) continue;
    if (auto err = checkValue(propSchema, *v, name(key))) return err;
  }
  return std::nullopt;
}

std::optional<std::string> checkValue(const Json& schema, const Json& value,
                                      const std::string& path) {
  auto types = typeNames(schema);
  if (!types.empty()) {
    bool ok = false;
    for (const auto& t : types) ok = ok || hasType(value, t);
    if (!ok) {
      std::string what;
      for (size_t i = 0; i < types.size(); ++i) {
        if (i > 0) what += (i + 1 == types.size()) ? " or " : ", ";
        what += withArticle(types[i]);
      }
      return invalid(path, "must be " + what, value);
    }
  }

  auto enumIt = schema.find("enum");
  if (enumIt != schema.end() && enumIt->is_array()) {
    bool found = false;
    for (const auto& allowed : *enumIt) found = found || allowed == value;  // 2 == 2.0
    if (!found) return invalid(path, "must be one of " + joinPlain(*enumIt), value);
  }

  if (value.is_number()) {
    double d = value.get<double>();
    auto minIt = schema.find("minimum");
    if (minIt != schema.end() && minIt->is_number() && d < minIt->get<double>())
      return invalid(path, "must be at least " + plain(*minIt), value);
    auto maxIt = schema.find("maximum");
    if (maxIt != schema.end() && maxIt->is_number() && d > maxIt->get<double>())
      return invalid(path, "must be at most " + plain(*maxIt), value);
  }

  if (value.is_string()) {
    size_t len = codePoints(value.get_ref<const std::string&>());
    if (auto n = count(schema, "minLength"); n && len < *n) {
      if (*n == 1) return invalid(path, "must not be empty", value);
      return invalid(path, "must be at least " + std::to_string(*n) + " characters long", value);
    }
    if (auto n = count(schema, "maxLength"); n && len > *n)
      return invalid(path, "must be at most " + std::to_string(*n) + " characters long", value);
  }

  if (value.is_array()) {
    if (auto n = count(schema, "minItems"); n && value.size() < *n)
      return invalid(path, "must have at least " + std::to_string(*n) + " item(s)", value);
    if (auto n = count(schema, "maxItems"); n && value.size() > *n)
      return invalid(path, "must have at most " + std::to_string(*n) + " item(s)", value);
    auto itemsIt = schema.find("items");
    if (itemsIt != schema.end() && itemsIt->is_object()) {
      for (size_t i = 0; i < value.size(); ++i)
        if (auto err = checkValue(*itemsIt, value[i], path + "[" + std::to_string(i) + "]"))
          return err;
    }
  }

  if (value.is_object()) return checkObject(schema, value, path);
  return std::nullopt;
}

const char* jsonTypeName(const Json& v) {
  if (v.is_null()) return "null";
  if (v.is_boolean()) return "a boolean";
  if (v.is_number()) return "a number";
  if (v.is_string()) return "a string";
  if (v.is_array()) return "an array";
  return "an object";
}

}  // namespace

std::optional<std::string> validateArguments(const Json& schema, const Json& args) {
  if (!args.is_object())
    return std::string("Invalid arguments: expected a JSON object of named arguments, got ") +
           jsonTypeName(args) + ".";
  if (!schema.is_object()) return std::nullopt;
  return checkObject(schema, args, "");
}

std::vector<std::string> clampArguments(const Json& schema, Json& args) {
  std::vector<std::string> notes;
  if (!schema.is_object() || !args.is_object()) return notes;
  auto propsIt = schema.find("properties");
  if (propsIt == schema.end() || !propsIt->is_object()) return notes;
  for (auto& [key, value] : args.items()) {
    auto prop = propsIt->find(key);
    if (prop == propsIt->end() || !prop->is_object() || !value.is_number()) continue;
    auto maxIt = prop->find("maximum");
    if (maxIt == prop->end() || !maxIt->is_number()) continue;
    auto types = typeNames(*prop);
    bool numeric = false;
    for (const auto& t : types) numeric = numeric || t == "integer" || t == "number";
    if (!numeric) continue;
    double d = value.get<double>();
    if (std::isnan(d) || d <= maxIt->get<double>()) continue;
    notes.push_back("'" + key + "' " + shown(value) + " is over the maximum " + plain(*maxIt) +
                    "; " + plain(*maxIt) + " was used (clamped).");
    value = *maxIt;
  }
  return notes;
}

}  // namespace cg::tools
