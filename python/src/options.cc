#include "python/src/options.h"

#include <string>

#include "polyxios/polyxios.h"
#include "python/src/values.h"

namespace px::python {
namespace {

std::string where(const char* function, std::string_view keyword) {
  return std::string(function) + "() option '" + std::string(keyword) + "'";
}

// A keyword's value as the table takes it, its Python type checked against the option's.
OptionValue value_of(const ConversionOption& option, py::handle value, const char* function) {
  const bool none = value.is_none();
  const bool boolean = PyBool_Check(value.ptr());
  switch (option.type) {
    case OptionType::kSwitch:
      if (!boolean) {
        throw py::type_error(where(function, option.keyword) + " takes a bool, not " +
                             type_name(value));
      }
      return OptionValue::boolean(value.ptr() == Py_True);
    case OptionType::kTristate:
      if (!boolean && !none) {
        throw py::type_error(where(function, option.keyword) + " takes True, False or None, not " +
                             type_name(value));
      }
      return none ? OptionValue() : OptionValue::boolean(value.ptr() == Py_True);
    case OptionType::kCount: {
      if (!PyLong_Check(value.ptr()) || boolean) {
        throw py::type_error(where(function, option.keyword) + " takes an int, not " +
                             type_name(value));
      }
      if (py::reinterpret_borrow<py::int_>(value) < py::int_(0)) {
        throw py::value_error(where(function, option.keyword) + " must not be negative");
      }
      const unsigned long long n = PyLong_AsUnsignedLongLong(value.ptr());
      if (PyErr_Occurred()) throw py::error_already_set();  // OverflowError: past 64 bits
      return OptionValue::number(n);
    }
    case OptionType::kWord:
      if (none) return {};
      if (!py::isinstance<py::str>(value)) {
        throw py::type_error(where(function, option.keyword) + " takes a str or None, not " +
                             type_name(value));
      }
      return OptionValue::text(utf8(value, "an option's value"));
  }
  return {};
}

[[noreturn]] void unknown(const char* function, const std::string& keyword) {
  std::string message =
      std::string(function) + "() got an unexpected keyword argument '" + keyword + "'";
  if (const ConversionOption* option = conversion_option_by_keyword(keyword)) {
    message += acts_in(option->stage, OptionStage::kWrite) ? "; write_scene and write take it"
               : option->stage == OptionStage::kAxis       ? "; read_scene takes it"
                                                           : "; read_scene and read take it";
  }
  throw py::type_error(message);
}

// Sets option from value; a value the option does not take is a ValueError naming it.
void set(ConversionOptionSetter& setter, const ConversionOption& option, py::handle value,
         const char* function) {
  const std::string error = setter.set(option, value_of(option, value, function));
  if (!error.empty()) throw py::value_error(std::string(function) + "() option " + error);
}

void check(const ConversionOptionSetter& setter, bool collada_output, const char* function) {
  const std::string error = setter.check(collada_output);
  if (!error.empty()) throw py::value_error(std::string(function) + "(): " + error);
}

}  // namespace

py::object progress_option(const py::kwargs& options, const char* function) {
  if (!options.contains("progress")) return py::none();
  py::object progress = options["progress"];
  if (!progress.is_none() && !PyCallable_Check(progress.ptr())) {
    throw py::type_error(std::string(function) +
                         "() option 'progress' takes a callable or None, not " +
                         type_name(progress));
  }
  return progress;
}

ReadOptions read_options(const py::kwargs& kwargs, const char* function, CallGuard& guard,
                         AxisUnitTarget* axis_unit) {
  ConversionOptions options;
  options.read.narrow_indices = false;  // cells are uint32 views, whatever the mesh
  ConversionOptionSetter setter(options, OptionSpelling::kKeyword);
  for (auto [key, value] : kwargs) {
    const std::string keyword = utf8(key, "an option's name");
    if (keyword == "progress") continue;
    const ConversionOption* option = conversion_option_by_keyword(keyword);
    // The axis and unit are read_scene's: read flattens the scene as the file holds it.
    const OptionStage stages =
        axis_unit != nullptr ? OptionStage::kReadAndAxis : OptionStage::kRead;
    if (option == nullptr || !acts_in(option->stage, stages)) unknown(function, keyword);
    set(setter, *option, value, function);
  }
  check(setter, false, function);
  if (axis_unit != nullptr) *axis_unit = options.axis_unit;
  options.read.progress = guard.callback();
  return std::move(options.read);
}

WriteOptions write_options(const py::kwargs& kwargs, const char* function, CallGuard& guard,
                           const std::filesystem::path& path) {
  ConversionOptions options;
  ConversionOptionSetter setter(options, OptionSpelling::kKeyword);
  // binary and collada, the spec's spelling of what format says, are set after the table's.
  std::optional<bool> binary;
  bool collada = false;
  for (auto [key, value] : kwargs) {
    const std::string keyword = utf8(key, "an option's name");
    if (keyword == "progress") continue;
    if (keyword == "binary") {
      if (!value.is_none() && !PyBool_Check(value.ptr())) {
        throw py::type_error(where(function, keyword) + " takes True, False or None, not " +
                             type_name(value));
      }
      if (!value.is_none()) binary = value.ptr() == Py_True;
      continue;
    }
    if (keyword == "collada") {
      if (!PyBool_Check(value.ptr())) {
        throw py::type_error(where(function, keyword) + " takes a bool, not " + type_name(value));
      }
      collada = value.ptr() == Py_True;
      continue;
    }
    const ConversionOption* option = conversion_option_by_keyword(keyword);
    if (option == nullptr || !acts_in(option->stage, OptionStage::kWrite))
      unknown(function, keyword);
    set(setter, *option, value, function);
  }
  WriteOptions& write = options.write;
  if (setter.given("format") && (binary || collada)) {
    throw py::value_error(std::string(function) +
                          "(): format names the output's format; binary and collada say it "
                          "again: give one of them");
  }
  if (binary) write.binary = binary;
  if (collada) write.collada = true;
  const bool collada_output =
      write.collada || (!setter.given("format") && !write.binary && !path.empty() &&
                        format_from_extension(path) == Format::kCollada);
  check(setter, collada_output, function);
  write.progress = guard.callback();
  return std::move(write);
}

py::list conversion_option_list() {
  const ConversionOptions defaults;
  py::list out;
  for (const ConversionOption& option : conversion_options()) {
    const OptionValue value = option.get(defaults);
    py::object default_value = py::none();
    switch (value.kind) {
      case OptionValue::Kind::kUnset:
        break;
      case OptionValue::Kind::kBool:
        default_value = py::bool_(value.on);
        break;
      case OptionValue::Kind::kCount:
        default_value = py::int_(value.count);
        break;
      case OptionValue::Kind::kWord:
        default_value = py::str(value.word);
        break;
    }
    const char* stage = option.stage == OptionStage::kRead    ? "read"
                        : option.stage == OptionStage::kAxis  ? "axis"
                        : option.stage == OptionStage::kWrite ? "write"
                                                              : "read and write";
    const char* type = option.type == OptionType::kSwitch     ? "bool"
                       : option.type == OptionType::kTristate ? "bool or None"
                       : option.type == OptionType::kCount    ? "int"
                                                              : "str or None";
    out.append(py::make_tuple(std::string(option.keyword), std::string(option.flag), type,
                              default_value, stage, option_help(option, OptionSpelling::kKeyword)));
  }
  return out;
}

}  // namespace px::python
